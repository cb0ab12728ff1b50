import { NavLink } from 'react-router';

/** The settings pages of this area; later issues add membership, newsletters and payment. */
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
      </ul>
    </nav>
  );
}
