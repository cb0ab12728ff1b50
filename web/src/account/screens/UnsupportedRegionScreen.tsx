import { PageHeading } from '../../ui/PageHeading';

export const UNSUPPORTED_REGION_HEADING = 'Not available in your region';

/** Replaces the account area's router when the server's region check fails (spec section 2). */
export function UnsupportedRegionScreen() {
  return (
    <main id="main" className="page">
      <PageHeading title={UNSUPPORTED_REGION_HEADING}>{UNSUPPORTED_REGION_HEADING}</PageHeading>
      <p>Memberships are not available in your region.</p>
      <p>
        You can keep reading the news on our site. <a href="/">Go to the home page</a>.
      </p>
    </main>
  );
}
