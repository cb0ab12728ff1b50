import { Link } from 'react-router';
import { PageHeading } from '../../ui/PageHeading';
import { DEFAULT_BRAND } from '../config';
import { useIdentity } from '../state/IdentityProvider';
import './NotFoundScreen.css';

/** The account area's unknown addresses (the server answers them with status 404 too). */
export default function NotFoundScreen() {
  const { config } = useIdentity();
  const brand = config.brand ?? DEFAULT_BRAND;
  return (
    <div className="page">
      <PageHeading title="Page not found">Page not found</PageHeading>
      <p>There is nothing at this address: the page may have moved, or the link may be mistyped.</p>
      <ul className="link-list">
        <li>
          <Link to="/account">Go to your account</Link>
        </li>
        <li>
          <a href={brand.homeUrl}>Read the latest from {brand.name}</a>
        </li>
      </ul>
    </div>
  );
}
