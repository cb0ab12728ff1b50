import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { FormError } from '../../account/FormParts';
import { useAccountForm } from '../../account/useAccountForm';
import { ErrorAlert, StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { Spinner } from '../../ui/Spinner';
import { formatMoment } from '../format';
import { CONSOLE } from '../guards';
import { failureText } from '../signIn/failure';
import { createStory, publishStory, saveStory, scheduleStory, unpublishStory, useDesks, useStory, useStoryChange, type Desk, type Story } from './data';
import { DeleteDialog, SchedulePanel } from './StoryActions';
import { StoryFields } from './StoryFields';
import { StoryPreview, usePreview } from './StoryPreview';
import { StoryStatus, whenText } from './StoryStatus';
import { suggestSlug } from './slug';
import { EMPTY_STORY, FIELDS, fieldList, LABELS, statusSentence, storySchema, type Status, type StoryValues } from './storyForm';
import './stories.css';

/** A story (editors): write it, preview it as a member reads it, publish, schedule, unpublish or delete it. */
export default function StoryEditScreen() {
  const { contentId } = useParams();
  const story = useStory(contentId);
  const desks = useDesks();
  const failed = story.error ?? desks.error;
  const ready = desks.data && (!contentId || story.data);
  return (
    <div className="page page--wide">
      {!ready && !failed && <Spinner label="Loading the story…" />}
      {failed && (
        <>
          <PageHeading title="Story" area={CONSOLE}>
            Story
          </PageHeading>
          <div role="alert" className="alert alert--error">
            <p>{failed.message}</p>
          </div>
          <p className="story-back">
            <Link to="/admin/stories">Back to the stories</Link>
          </p>
        </>
      )}
      {ready && !failed && <Editor key={contentId ?? 'new'} story={story.data ?? null} desks={desks.data.brands} />}
    </div>
  );
}

type Intent = 'save' | 'publish';

function valuesOf(story: Story): StoryValues {
  return {
    brand: story.brand as StoryValues['brand'],
    section: story.section,
    headline: story.headline,
    standfirst: story.standfirst,
    author: story.author,
    slug: story.slug,
    access: story.access,
    teaser_html: story.teaser_html,
    body_html: story.body_html,
  };
}

function Editor({ story, desks }: { story: Story | null; desks: readonly Desk[] }) {
  const navigate = useNavigate();
  const location = useLocation();
  const change = useStoryChange();
  const [status, setStatus] = useState<string | null>((location.state as { notice?: string } | null)?.notice ?? null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const intent = useRef<Intent>('save');
  const preview = usePreview();
  const brandName = (key: string) => desks.find((desk) => desk.key === key)?.name ?? key;
  const onSite = story?.first_published_at != null;

  /** The form's text stored: a new story is made (and the address becomes its own). */
  const stored = async (values: StoryValues): Promise<Story> => {
    if (!story) return createStory(values);
    if (!form.controls.formState.isDirty) return story;
    return saveStory(story.content_id, values);
  };

  const finish = (saved: Story, notice: string) => {
    form.reset(valuesOf(saved));
    setStatus(notice);
    if (!story) navigate(`/admin/stories/${encodeURIComponent(saved.content_id)}`, { replace: true, state: { notice } });
  };

  /**
   * Stores the form's text, then takes the `next` step (publish, schedule) with the stored
   * story. A step refused after the text was stored leaves it stored, and says so: a new
   * story is not made twice by trying again.
   */
  const saveThen = async (values: StoryValues, next: ((saved: Story) => Promise<Story>) | null, notice: (done: Story) => string) => {
    const saved = await change(() => stored(values));
    if (!next) {
      finish(saved, savedNotice(saved));
      return;
    }
    try {
      const done = await change(() => next(saved));
      finish(done, notice(done));
    } catch (caught) {
      if (!story) {
        finish(saved, `Saved as a draft, but not yet on its way: ${failureText(caught)}`);
        return;
      }
      form.reset(valuesOf(saved));
      throw caught;
    }
  };

  const form = useAccountForm<(typeof FIELDS)[number], StoryValues>({
    fields: FIELDS,
    schema: storySchema,
    defaultValues: story ? valuesOf(story) : EMPTY_STORY,
    summary: (invalid) => <p>Check {fieldList(invalid.map((name) => LABELS[name]))} below.</p>,
    submit: async (values) => {
      setStatus(null);
      setActionError(null);
      if (intent.current === 'save') await saveThen(values, null, savedNotice);
      else await saveThen(values, (saved) => publishStory(saved.content_id), (done) => `Published: it is on ${brandName(done.brand)} at ${done.path ?? ''} now.`);
    },
    failure: failureText,
  });

  /** Unpublishing changes no text: the form is left as it is. */
  const unpublish = async (contentId: string) => {
    setStatus(null);
    setActionError(null);
    setBusy('unpublish');
    try {
      const saved = await change(() => unpublishStory(contentId));
      setStatus(saved.status === 'draft' ? 'Its schedule is cancelled: it is a draft again.' : `Unpublished: ${saved.path ?? 'its address'} answers “not found” now.`);
    } catch (caught) {
      setActionError(failureText(caught));
    } finally {
      setBusy(null);
    }
  };

  /** Schedules the form's text: it is saved first (when it changed), then given its time. */
  const schedule = async (iso: string) => {
    const values = storySchema.safeParse(form.controls.getValues());
    if (!values.success) {
      await form.controls.trigger();
      setActionError('Check the story’s fields above before scheduling it.');
      return;
    }
    setStatus(null);
    setActionError(null);
    setBusy('schedule');
    try {
      await saveThen(
        values.data,
        (saved) => scheduleStory(saved.content_id, iso),
        (done) => `Scheduled: it goes on ${brandName(done.brand)} at ${done.path ?? ''} ${whenText('scheduled', done.published_at) ?? ''} by itself.`,
      );
    } catch (caught) {
      setActionError(failureText(caught));
    } finally {
      setBusy(null);
    }
  };

  const shown = story?.status as Status | undefined;
  const live = shown === 'published';
  const canDelete = story !== null && shown === 'draft' && !onSite;
  const title = story ? story.headline : 'New story';

  return (
    <>
      <PageHeading title={title} area={CONSOLE}>
        {title}
      </PageHeading>
      <p className="story-back">
        <Link to="/admin/stories">All stories</Link>
      </p>
      {story && shown && (
        <section className="card story-state" aria-labelledby="story-state-heading">
          <h2 id="story-state-heading" className="visually-hidden">
            Where it stands
          </h2>
          <p className="story-state__line">
            <StoryStatus status={shown} /> {statusSentence(shown, whenText(shown, story.published_at))}
          </p>
          <dl className="admin-facts">
            {story.path && (
              <div>
                <dt>Address on {brandName(story.brand)}</dt>
                <dd>
                  <code>{story.path}</code>
                </dd>
              </div>
            )}
            <div>
              <dt>Last changed</dt>
              <dd>
                {formatMoment(story.updated_at)}
                {story.updated_by ? ` by ${story.updated_by}` : ''}
              </dd>
            </div>
            <div>
              <dt>Post id (comments)</dt>
              <dd>{story.post_id}</dd>
            </div>
          </dl>
        </section>
      )}
      <StatusMessage>{status && <p>{status}</p>}</StatusMessage>
      <ErrorAlert>{actionError && <p>{actionError}</p>}</ErrorAlert>
      <section className="card" aria-labelledby="story-edit-heading">
        <h2 id="story-edit-heading">{story ? 'The story' : 'Write the story'}</h2>
        <FormError form={form} />
        <form noValidate onSubmit={form.onSubmit}>
          <StoryFields
            desks={desks}
            field={form.field}
            controls={form.controls}
            slugFollows={!onSite && (!story || story.slug === suggestSlug(story.headline))}
            brandFixed={onSite}
          />
          <div className="admin-actions story-actions">
            <Button type="submit" busy={form.submitting && intent.current === 'save'} disabled={busy !== null} onClick={() => (intent.current = 'save')}>
              {live ? 'Save changes' : 'Save draft'}
            </Button>
            {!live && (
              <Button type="submit" variant="secondary" busy={form.submitting && intent.current === 'publish'} disabled={busy !== null} onClick={() => (intent.current = 'publish')}>
                Publish now
              </Button>
            )}
            <Button variant="secondary" busy={preview.busy} onClick={() => void preview.show(form.controls)}>
              Preview
            </Button>
            {story && (live || shown === 'scheduled') && (
              <Button
                variant="secondary"
                busy={busy === 'unpublish'}
                disabled={form.submitting}
                onClick={() => void unpublish(story.content_id)}
              >
                Unpublish
              </Button>
            )}
            {canDelete && (
              <Button variant="secondary" disabled={form.submitting || busy !== null} onClick={() => setDeleting(true)}>
                Delete draft
              </Button>
            )}
          </div>
          {live && <p className="field__hint">Saved changes show on the site at once.</p>}
        </form>
      </section>
      {!live && <SchedulePanel scheduledAt={shown === 'scheduled' ? (story?.published_at ?? null) : null} busy={busy === 'schedule'} schedule={schedule} />}
      <StoryPreview preview={preview} />
      {story && (
        <DeleteDialog
          open={deleting}
          story={story}
          onClose={() => setDeleting(false)}
          onDeleted={() => navigate('/admin/stories', { state: { notice: `The draft “${story.headline}” is deleted.` } })}
        />
      )}
    </>
  );
}

function savedNotice(saved: Story): string {
  if (saved.status === 'published') return 'Saved: the site shows the new text now.';
  return 'Saved. Readers cannot see it until it is published.';
}
