import { Link } from 'react-router';
import { PageHeading } from '../ui/PageHeading';
import { Dashboard } from './dashboard/Dashboard';
import { useMe } from './data';
import { formatTime } from './format';
import { CONSOLE } from './guards';
import { rolesPhrase, sectionsFor } from './roles';

/** /admin: who you are here, the sections your roles open, and the dashboard. */
export default function OverviewScreen() {
  const me = useMe().data;
  if (!me) return null; // RequireStaff shows this screen only to someone signed in
  const sections = sectionsFor(me.roles);
  return (
    <div className="page page--wide page--dashboard">
      <PageHeading title="Overview" area={CONSOLE}>
        Staff console
      </PageHeading>
      <p className="lead">
        Signed in as {me.email}, with {rolesPhrase(me.roles)}. This session ends at {formatTime(me.session_expires_at)} at the latest, or
        after 30 minutes without activity.
      </p>
      {sections.length > 0 ? (
        <ul className="admin-sections">
          {sections.map((section) => (
            <li key={section.path} className="card">
              <h2>
                <Link to={section.path}>{section.label}</Link>
              </h2>
              <p>{section.description}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p>The console has no other screens for your roles yet: they come in later releases.</p>
      )}
      <Dashboard roles={me.roles} />
    </div>
  );
}
