import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormError, SubmitButton } from '../../account/FormParts';
import { useAccountForm } from '../../account/useAccountForm';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { SelectField } from '../../ui/SelectField';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { CONSOLE } from '../guards';
import { failureText } from '../signIn/failure';
import { useFeedback, type FeedbackPlace } from './data';
import { FeedbackEntry } from './FeedbackEntry';
import { BRANDS, QUERY_LIMIT, TOPICS, filtersOf, paramsOf } from './format';
import './feedback.css';

const FIELDS = ['topic', 'brand', 'q'] as const;

const schema = z.object({
  topic: z.string(),
  brand: z.string(),
  q: z.string().trim().max(QUERY_LIMIT, `At most ${QUERY_LIMIT} characters.`),
});

/** Reader feedback (support): what readers wrote from their account, newest first, 50 a page. */
export default function FeedbackListScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersOf(searchParams);
  const key = searchParams.toString();
  // The starts of the pages walked to so far under these filters: the last is the page shown;
  // none is the newest. Other filters start again from the newest, in the same render.
  const [walk, setWalk] = useState<{ key: string; pages: FeedbackPlace[] }>({ key, pages: [] });
  const pages = walk.key === key ? walk.pages : [];
  const listHeading = useRef<HTMLHeadingElement>(null);
  // A page's buttons may not be on the next page: the focus goes to the top of the list.
  const setPages = (next: FeedbackPlace[]) => {
    setWalk({ key, pages: next });
    listHeading.current?.focus();
  };
  const before = pages.at(-1) ?? null;
  const feedback = useFeedback(filters, before);

  const form = useAccountForm({
    fields: FIELDS,
    schema,
    defaultValues: filters,
    summary: () => <p>Check the filters below.</p>,
    submit: async (values) => {
      const wanted = paramsOf(filtersOf(new URLSearchParams(values)));
      // The same filters again: the person wants the newest messages, so ask again.
      if (new URLSearchParams(wanted).toString() === key) {
        setPages([]);
        await feedback.refetch();
      } else setSearchParams(wanted);
    },
    failure: failureText,
  });
  // Back and Forward change the filters under the form: it follows.
  useEffect(() => form.reset(filtersOf(searchParams)), [key]);

  const items = feedback.data?.items ?? [];
  const next = feedback.data?.next ?? null;
  const filtered = Boolean(filters.topic || filters.brand || filters.q);
  const pageNumber = pages.length + 1;

  return (
    <div className="page page--wide">
      <PageHeading title="Reader feedback" area={CONSOLE}>
        Reader feedback
      </PageHeading>
      <p className="lead">What readers wrote from their account’s Feedback page, newest first.</p>
      <section className="card" aria-labelledby="feedback-filter-heading">
        <h2 id="feedback-filter-heading">Filter</h2>
        <FormError form={form} />
        <form noValidate onSubmit={form.onSubmit} role="search" aria-labelledby="feedback-filter-heading">
          <div className="admin-filters">
            <SelectField label="Topic" options={[{ value: '', label: 'Every topic' }, ...TOPICS]} {...form.register('topic')} />
            <SelectField label="Site" options={[{ value: '', label: 'Every site' }, ...BRANDS]} {...form.register('brand')} />
            <TextField label="Words" type="search" autoComplete="off" maxLength={QUERY_LIMIT} hint="Found in the message or the reader’s email address." {...form.field('q')} />
          </div>
          <div className="admin-actions">
            <SubmitButton form={form}>Show feedback</SubmitButton>
            {filtered && (
              <Button variant="secondary" onClick={() => setSearchParams({})}>
                Clear the filters
              </Button>
            )}
          </div>
        </form>
      </section>
      <section aria-labelledby="feedback-list-heading" aria-busy={feedback.isFetching || undefined}>
        <h2 id="feedback-list-heading" className="admin-section-heading" ref={listHeading} tabIndex={-1}>
          {filtered ? 'Matching feedback' : 'Feedback'}
        </h2>
        {feedback.isPending && <Spinner label="Loading the feedback…" />}
        {feedback.isError && (
          <>
            <div role="alert" className="alert alert--error">
              <p>{feedback.error.message}</p>
            </div>
            <Button onClick={() => void feedback.refetch()}>Try again</Button>
          </>
        )}
        {feedback.isSuccess && items.length === 0 && (
          <p>{filtered ? 'No feedback matches these filters.' : 'No reader has sent feedback yet.'}</p>
        )}
        {items.length > 0 && (
          <ol className="admin-list">
            {items.map((item) => (
              <FeedbackEntry key={item.id} item={item} />
            ))}
          </ol>
        )}
        <p role="status" className="admin-count">
          {items.length > 0 &&
            `Page ${pageNumber}: showing ${items.length} ${items.length === 1 ? 'message' : 'messages'}${next ? '; older ones follow' : ''}.`}
        </p>
        {(pages.length > 0 || next) && (
          <nav className="admin-actions" aria-label="Pages of feedback">
            {pages.length > 0 && (
              <Button variant="secondary" onClick={() => setPages(pages.slice(0, -1))}>
                Newer messages
              </Button>
            )}
            {next && (
              <Button variant="secondary" busy={feedback.isFetching} onClick={() => setPages([...pages, next])}>
                Older messages
              </Button>
            )}
          </nav>
        )}
      </section>
    </div>
  );
}
