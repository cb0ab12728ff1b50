import { NavLink } from 'react-router';

/** The moderators' three screens, linked from each. */
export function CommentsNav() {
  return (
    <nav className="comments-nav" aria-label="Comment moderation">
      <ul>
        <li>
          <NavLink to="/admin/comments" end>
            Queue
          </NavLink>
        </li>
        <li>
          <NavLink to="/admin/comments/word-lists">Word lists</NavLink>
        </li>
        <li>
          <NavLink to="/admin/comments/settings">Site settings</NavLink>
        </li>
      </ul>
    </nav>
  );
}
