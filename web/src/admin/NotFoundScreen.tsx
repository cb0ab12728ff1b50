import { Link } from 'react-router';
import { PageHeading } from '../ui/PageHeading';
import { CONSOLE } from './guards';

/** An address inside /admin with no screen. */
export default function NotFoundScreen() {
  return (
    <div className="page">
      <PageHeading title="Page not found" area={CONSOLE}>
        Page not found
      </PageHeading>
      <p>The console has no page at this address.</p>
      <p>
        <Link to="/admin">Go to the overview</Link>
      </p>
    </div>
  );
}
