import { Link } from 'react-router';

/** The membership sidebar: where to go from the membership page. */
export function MembershipSidebar({ isMember }: { isMember: boolean }) {
  return (
    <aside className="card membership-sidebar" aria-labelledby="membership-sidebar-heading">
      <h2 id="membership-sidebar-heading">Membership help</h2>
      <ul>
        {!isMember && (
          <li>
            <Link to="/account/subscribe">See membership plans</Link>
          </li>
        )}
        <li>
          <a href="/membership-terms">Membership terms</a>
        </li>
        <li>
          <a href="/membership-terms#cancellation">Cancellation policy</a>
        </li>
      </ul>
    </aside>
  );
}
