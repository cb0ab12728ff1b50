import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormError, SubmitButton } from '../../account/FormParts';
import { useAccountForm } from '../../account/useAccountForm';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { CONSOLE } from '../guards';
import { failureText } from '../signIn/failure';
import { useReaderSearch, type ReaderSummary } from './data';
import { QUERY_LIMIT, day, queryOf, readerName, readerPath } from './format';
import './readers.css';

const FIELDS = ['q'] as const;

const schema = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'Type an email address, a name or a tracking ID.')
    .max(QUERY_LIMIT, `At most ${QUERY_LIMIT} characters.`),
});

/** Readers (support): one box that finds readers by email, name or tracking ID. */
export default function ReadersScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = queryOf(searchParams);
  const search = useReaderSearch(q);

  const form = useAccountForm({
    fields: FIELDS,
    schema,
    defaultValues: { q },
    summary: () => <p>Type what to search for.</p>,
    submit: async (values) => {
      // The same search again: the person wants what is there now.
      if (values.q === q) await search.refetch();
      else setSearchParams({ q: values.q });
    },
    failure: failureText,
  });
  // Back and Forward change the search under the form: it follows.
  useEffect(() => form.reset({ q }), [q]);

  const readers = search.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="page page--wide">
      <PageHeading title="Readers" area={CONSOLE}>
        Readers
      </PageHeading>
      <p className="lead">Find a reader to see their account and help them.</p>
      <section className="card" aria-labelledby="search-heading">
        <h2 id="search-heading">Find a reader</h2>
        <FormError form={form} />
        <form noValidate onSubmit={form.onSubmit} role="search" aria-labelledby="search-heading">
          <TextField
            label="Email, name or tracking ID"
            type="search"
            autoComplete="off"
            spellCheck={false}
            maxLength={QUERY_LIMIT}
            hint="The start of an email address, the start of each word of a name (Ada Lov), or a whole tracking ID."
            {...form.field('q')}
          />
          <div className="admin-actions">
            <SubmitButton form={form}>Search</SubmitButton>
          </div>
        </form>
      </section>
      {q !== '' && (
        <section aria-labelledby="results-heading" aria-busy={search.isFetching || undefined}>
          <h2 id="results-heading" className="admin-section-heading">
            Readers found
          </h2>
          {search.isPending && <Spinner label="Searching…" />}
          {search.isError && (
            <>
              <div role="alert" className="alert alert--error">
                <p>{search.error.message}</p>
              </div>
              <Button onClick={() => void search.refetch()}>Try again</Button>
            </>
          )}
          {search.isSuccess && readers.length === 0 && !search.hasNextPage && <p>No reader matches “{q}”.</p>}
          {search.isSuccess && readers.length === 0 && search.hasNextPage && (
            <p>None found yet: many readers begin with these letters. Type more of each word, or search further.</p>
          )}
          {readers.length > 0 && (
            <ul className="admin-list">
              {readers.map((reader) => (
                <ReaderRow key={reader.id} reader={reader} />
              ))}
            </ul>
          )}
          <p role="status" className="admin-count">
            {readers.length > 0 && `Showing ${readers.length} ${readers.length === 1 ? 'reader' : 'readers'}${search.hasNextPage ? '; more follow' : ''}.`}
          </p>
          {search.hasNextPage && (
            <Button variant="secondary" busy={search.isFetchingNextPage} onClick={() => void search.fetchNextPage()}>
              {search.isFetchingNextPage ? 'Searching further…' : readers.length === 0 ? 'Search further' : 'More readers'}
            </Button>
          )}
        </section>
      )}
    </div>
  );
}

function ReaderRow({ reader }: { reader: ReaderSummary }) {
  const name = readerName(reader);
  return (
    <li className="card admin-reader-row">
      <p className="admin-page-row__title">
        <Link to={readerPath(reader.id)}>
          {name}
          {name !== reader.email && <span className="visually-hidden"> ({reader.email})</span>}
        </Link>
      </p>
      <dl className="admin-facts">
        <div>
          <dt>Email</dt>
          <dd>
            {reader.email}
            {!reader.email_verified && <span className="admin-note"> (not verified)</span>}
          </dd>
        </div>
        <div>
          <dt>Tracking ID</dt>
          <dd>
            <code>{reader.tracking_id}</code>
          </dd>
        </div>
        <div>
          <dt>Joined</dt>
          <dd>{day(reader.created_at)}</dd>
        </div>
      </dl>
    </li>
  );
}
