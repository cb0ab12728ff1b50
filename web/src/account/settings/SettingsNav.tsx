import { NavLink } from 'react-router';

/** The settings pages of this area. */
export function SettingsNav() {
  return (
    <nav aria-label="Account settings">
      <ul className="settings-nav">
        <li>
          <NavLink to="/account/settings" end>
            Profile
          </NavLink>
        </li>
        <li>
          <NavLink to="/account/settings/display">Display</NavLink>
        </li>
        <li>
          <NavLink to="/account/settings/newsletters">Newsletters</NavLink>
        </li>
        <li>
          <NavLink to="/account/settings/exclusive-newsletters">Exclusive newsletters</NavLink>
        </li>
        <li>
          <NavLink to="/account/settings/texts">Text alerts</NavLink>
        </li>
        <li>
          <NavLink to="/account/settings/membership">Membership</NavLink>
        </li>
        <li>
          <NavLink to="/account/settings/payment-method">Payment methods</NavLink>
        </li>
        <li>
          <NavLink to="/account/settings/refer-a-friend">Refer a friend</NavLink>
        </li>
        <li>
          <NavLink to="/account/settings/my-rewards">My rewards</NavLink>
        </li>
        <li>
          <NavLink to="/account/settings/feedback">Feedback</NavLink>
        </li>
      </ul>
    </nav>
  );
}
