import { useEffect, useId } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormError, SubmitButton } from '../../account/FormParts';
import { useAccountForm } from '../../account/useAccountForm';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { useAuditLog, type AuditFilters } from '../data';
import { CONSOLE } from '../guards';
import { failureText } from '../signIn/failure';
import { KNOWN_ACTIONS } from './actions';
import { AuditEntryItem } from './AuditEntryItem';

const FIELDS = ['actor', 'action', 'target'] as const;
const LABELS = { actor: 'Who (email address)', action: 'Action', target: 'On (what was acted on)' } as const;

const schema = z.object({
  actor: z.string().trim().max(320, 'An email address is at most 320 characters.'),
  action: z.string().trim().max(100, 'An action is at most 100 characters.'),
  target: z.string().trim().max(200, 'At most 200 characters.'),
});

/** The filters live in the address, so Back, a reload and a shared link keep them. */
export function filtersOf(params: URLSearchParams): AuditFilters {
  return { actor: params.get('actor')?.trim() ?? '', action: params.get('action')?.trim() ?? '', target: params.get('target')?.trim() ?? '' };
}

export function paramsOf(filters: AuditFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
}

/** The audit log (admin): newest first, filtered on the server, a page at a time. */
export default function AuditLogScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersOf(searchParams);
  const log = useAuditLog(filters);
  const actionsId = useId();

  const form = useAccountForm({
    fields: FIELDS,
    schema,
    defaultValues: filters,
    summary: () => <p>Check the filters below.</p>,
    submit: async (values) => {
      // The same filters again: the person wants the newest entries, so ask again.
      if (new URLSearchParams(paramsOf(values)).toString() === searchParams.toString()) await log.refetch();
      else setSearchParams(paramsOf(values));
    },
    failure: failureText,
  });
  // Back and Forward change the filters under the form: it follows.
  const key = searchParams.toString();
  useEffect(() => form.reset(filtersOf(searchParams)), [key]);

  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Object.values(filters).some(Boolean);

  return (
    <div className="page page--wide">
      <PageHeading title="Audit log" area={CONSOLE}>
        Audit log
      </PageHeading>
      <p className="lead">Every staff action, newest first: who did it, when, from where, and what changed.</p>
      <section className="card" aria-labelledby="filter-heading">
        <h2 id="filter-heading">Filter</h2>
        <FormError form={form} />
        <form noValidate onSubmit={form.onSubmit} role="search" aria-labelledby="filter-heading">
          <div className="admin-filters">
            <TextField label={LABELS.actor} type="search" autoComplete="off" {...form.field('actor')} />
            <TextField label={LABELS.action} type="search" autoComplete="off" list={actionsId} hint="Such as staff.roles_changed." {...form.field('action')} />
            <TextField label={LABELS.target} type="search" autoComplete="off" hint="An email address or an id." {...form.field('target')} />
          </div>
          <datalist id={actionsId}>
            {KNOWN_ACTIONS.map((action) => (
              <option key={action} value={action} />
            ))}
          </datalist>
          <div className="admin-actions">
            <SubmitButton form={form}>Show entries</SubmitButton>
            {filtered && (
              <Button variant="secondary" onClick={() => setSearchParams({})}>
                Clear the filters
              </Button>
            )}
          </div>
        </form>
      </section>
      <section aria-labelledby="entries-heading" aria-busy={log.isFetching || undefined}>
        <h2 id="entries-heading" className="admin-section-heading">
          {filtered ? 'Matching entries' : 'Entries'}
        </h2>
        {log.isPending && <Spinner label="Loading the audit log…" />}
        {log.isError && (
          <>
            <div role="alert" className="alert alert--error">
              <p>{log.error.message}</p>
            </div>
            <Button onClick={() => void log.refetch()}>Try again</Button>
          </>
        )}
        {log.isSuccess && entries.length === 0 && <p>{filtered ? 'No entries match these filters.' : 'Nothing has been logged yet.'}</p>}
        {entries.length > 0 && (
          <ol className="admin-list">
            {entries.map((entry) => (
              <AuditEntryItem key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
        <p role="status" className="admin-count">
          {entries.length > 0 && `Showing ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}${log.hasNextPage ? '; older ones follow' : ''}.`}
        </p>
        {log.hasNextPage && (
          <Button variant="secondary" busy={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            {log.isFetchingNextPage ? 'Loading older entries…' : 'Older entries'}
          </Button>
        )}
      </section>
    </div>
  );
}
