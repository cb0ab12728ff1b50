import { Link } from 'react-router';
import { PageHeading } from '../../ui/PageHeading';

export default function NotFoundScreen() {
  return (
    <div className="page">
      <PageHeading title="Page not found">Page not found</PageHeading>
      <p>
        This page does not exist. <Link to="/account">Go to your account</Link>.
      </p>
    </div>
  );
}
