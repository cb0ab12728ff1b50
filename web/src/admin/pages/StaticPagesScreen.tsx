import { Link } from 'react-router';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { Spinner } from '../../ui/Spinner';
import { formatMoment } from '../format';
import { CONSOLE } from '../guards';
import { useStaticPages, type StaticPage } from './data';
import { byBrand, editPath } from './pagePaths';

/** Static pages (editors): the terms, privacy and membership terms of each brand. */
export default function StaticPagesScreen() {
  const pages = useStaticPages();
  return (
    <div className="page page--wide">
      <PageHeading title="Static pages" area={CONSOLE}>
        Static pages
      </PageHeading>
      <p className="lead">The terms, privacy policy and membership terms each brand shows. A change shows on the site as soon as it is saved.</p>
      {pages.isPending && <Spinner label="Loading the pages…" />}
      {pages.isError && (
        <>
          <div role="alert" className="alert alert--error">
            <p>{pages.error.message}</p>
          </div>
          <Button onClick={() => void pages.refetch()}>Try again</Button>
        </>
      )}
      {pages.data &&
        byBrand(pages.data.pages).map(({ brand, brandName, items }) => (
          <section key={brand} aria-labelledby={`brand-${brand}`}>
            <h2 id={`brand-${brand}`} className="admin-section-heading">
              {brandName}
            </h2>
            <ul className="admin-list">
              {items.map((page) => (
                <PageRow key={page.slug} page={page} />
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}

function PageRow({ page }: { page: StaticPage }) {
  return (
    <li className="card admin-page-row">
      <p className="admin-page-row__title">
        <Link to={editPath(page)}>
          {page.title}
          <span className="visually-hidden"> ({page.brandName})</span>
        </Link>
      </p>
      <p className="admin-page-row__meta">
        <code>{page.path}</code> · {page.edited && page.updatedAt ? `Edited ${formatMoment(page.updatedAt)}` : 'Built-in text'}
      </p>
    </li>
  );
}
