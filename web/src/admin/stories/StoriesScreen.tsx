import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormError, SubmitButton } from '../../account/FormParts';
import { useAccountForm } from '../../account/useAccountForm';
import { StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { Spinner } from '../../ui/Spinner';
import { formatMoment } from '../format';
import { CONSOLE } from '../guards';
import { failureText } from '../signIn/failure';
import { useDesks, useStories, type StorySummary } from './data';
import { filtersOf, pageCount, paramsOf, rangeText, sectionChoices } from './listFilters';
import { SelectField } from '../../ui/SelectField';
import { StoryStatus } from './StoryStatus';
import { STATUS_TEXTS, STATUSES } from './storyForm';
import './stories.css';

const FIELDS = ['brand', 'section', 'status'] as const;
const schema = z.object({ brand: z.string(), section: z.string(), status: z.string() });
type FilterValues = z.infer<typeof schema>;

/** Stories (editors): every brand's stories, last changed first, filtered and paged on the server. */
export default function StoriesScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersOf(searchParams);
  const stories = useStories(filters);
  const desks = useDesks().data?.brands ?? [];
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice ?? null;
  const listHeading = useRef<HTMLHeadingElement>(null);

  const form = useAccountForm<(typeof FIELDS)[number], FilterValues>({
    fields: FIELDS,
    schema,
    defaultValues: { brand: filters.brand, section: filters.section, status: filters.status },
    summary: () => <p>Check the filters below.</p>,
    submit: async (values) => {
      const next = filtersOf(new URLSearchParams(values));
      const query = new URLSearchParams(paramsOf({ ...next, page: 1 }));
      if (query.toString() === searchParams.toString()) await stories.refetch();
      else setSearchParams(query);
    },
    failure: failureText,
  });
  // Back and Forward change the filters under the form: it follows.
  const key = searchParams.toString();
  useEffect(() => form.reset({ brand: filters.brand, section: filters.section, status: filters.status }), [key]);
  const brand = form.controls.watch('brand');
  const sections = sectionChoices(desks, brand);

  const goTo = (page: number) => {
    setSearchParams(paramsOf({ ...filters, page }));
    listHeading.current?.focus();
  };
  const page = stories.data;
  const pages = page ? pageCount(page.total, page.per_page) : 1;
  const filtered = Boolean(filters.brand || filters.section || filters.status);

  return (
    <div className="page page--wide">
      <PageHeading title="Stories" area={CONSOLE}>
        Stories
      </PageHeading>
      <p className="lead">Write, preview, publish and schedule the stories of every brand, free or for members.</p>
      <StatusMessage>{notice && <p>{notice}</p>}</StatusMessage>
      <p className="admin-actions">
        <Link className="button button--primary" to="/admin/stories/new">
          Write a story
        </Link>
      </p>
      <section className="card" aria-labelledby="story-filter-heading">
        <h2 id="story-filter-heading">Filter</h2>
        <FormError form={form} />
        <form noValidate onSubmit={form.onSubmit} role="search" aria-labelledby="story-filter-heading">
          <div className="admin-filters">
            <SelectField
              label="Brand"
              options={[{ value: '', label: 'All brands' }, ...desks.map((desk) => ({ value: desk.key, label: desk.name }))]}
              {...form.register('brand', { onChange: () => form.controls.setValue('section', '') })}
            />
            <SelectField label="Section" options={[{ value: '', label: 'All sections' }, ...sections.map((name) => ({ value: name, label: name }))]} {...form.register('section')} />
            <SelectField label="Status" options={[{ value: '', label: 'Any status' }, ...STATUSES.map((status) => ({ value: status, label: STATUS_TEXTS[status] }))]} {...form.register('status')} />
          </div>
          <div className="admin-actions">
            <SubmitButton form={form}>Show stories</SubmitButton>
            {filtered && (
              <Button variant="secondary" onClick={() => setSearchParams({})}>
                Clear the filters
              </Button>
            )}
          </div>
        </form>
      </section>
      <section aria-labelledby="story-list-heading" aria-busy={stories.isFetching || undefined}>
        <h2 id="story-list-heading" ref={listHeading} tabIndex={-1} className="admin-section-heading">
          {filtered ? 'Matching stories' : 'All stories'}
        </h2>
        {stories.isPending && <Spinner label="Loading the stories…" />}
        {stories.isError && (
          <>
            <div role="alert" className="alert alert--error">
              <p>{stories.error.message}</p>
            </div>
            <Button onClick={() => void stories.refetch()}>Try again</Button>
          </>
        )}
        {page && (
          <>
            <p role="status" className="admin-count">
              {rangeText(page.page, page.items.length, page.total, page.per_page)}
              {page.total > 0 && pages > 1 ? ` · page ${page.page} of ${pages}` : ''}.
            </p>
            {page.items.length === 0 && <p>{filtered ? 'No story matches these filters.' : 'No stories yet: write the first one.'}</p>}
            <ul className="admin-list">
              {page.items.map((story) => (
                <StoryRow key={story.content_id} story={story} brandName={desks.find((desk) => desk.key === story.brand)?.name ?? story.brand} />
              ))}
            </ul>
            {pages > 1 && (
              <nav className="admin-actions" aria-label="Pages of stories">
                <Button variant="secondary" disabled={page.page <= 1} onClick={() => goTo(page.page - 1)}>
                  Previous page
                </Button>
                <Button variant="secondary" disabled={page.page >= pages} onClick={() => goTo(page.page + 1)}>
                  Next page
                </Button>
              </nav>
            )}
          </>
        )}
      </section>
    </div>
  );
}

const SHORT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

function StoryRow({ story, brandName }: { story: StorySummary; brandName: string }) {
  const when = story.published_at ? formatMoment(story.published_at, SHORT) : null;
  const changed = formatMoment(story.updated_at, SHORT);
  return (
    <li className="card story-row">
      <p className="story-row__headline">
        <Link to={`/admin/stories/${encodeURIComponent(story.content_id)}`}>{story.headline}</Link>
      </p>
      <p className="story-row__meta">
        <StoryStatus status={story.status} /> {brandName} · {story.section} · {story.access === 'members' ? 'Members only' : 'Free'} · By {story.author}
      </p>
      <p className="story-row__meta">
        {when && story.status === 'scheduled' && `Goes on the site ${when}. `}
        {when && story.status === 'published' && `On the site since ${when}. `}
        Changed {changed}
        {story.updated_by ? ` by ${story.updated_by}` : ''}.
      </p>
    </li>
  );
}
