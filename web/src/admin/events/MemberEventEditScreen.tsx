import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { FormError, SubmitButton } from '../../account/FormParts';
import { useAccountForm } from '../../account/useAccountForm';
import { StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ModalDialog } from '../../ui/ModalDialog';
import { PageHeading } from '../../ui/PageHeading';
import { Spinner } from '../../ui/Spinner';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import { useDialogAction } from '../../ui/useDialogAction';
import { CONSOLE } from '../guards';
import { failureText } from '../signIn/failure';
import { instantOf, localInputValue, useChangeEvent, useMemberEvent, type MemberEvent } from './data';

const FIELDS = ['title', 'startsAt', 'place', 'link', 'description'] as const;
const LABELS = { title: 'Title', startsAt: 'Date and time', place: 'Place', link: 'Link', description: 'Description (optional)' } as const;

// The server's own rules (member_events/rules.py), said before a round trip.
export const eventSchema = z.object({
  title: z.string().trim().min(1, 'Give the event a title.').max(200, 'A title is at most 200 characters.'),
  startsAt: z
    .string()
    .min(1, 'Enter the date and time the event starts.')
    .refine((value) => instantOf(value) !== null, 'Enter a real date and time.'),
  place: z.string().trim().min(1, 'Say where the event takes place (a venue, or Online).').max(200, 'A place is at most 200 characters.'),
  link: z
    .string()
    .trim()
    .regex(/^https:\/\/[^\s/$.?#][^\s]*$/, 'The link must be a secure web address starting with https://.')
    .max(2048, 'A link is at most 2,048 characters.'),
  description: z.string().max(2000, 'A description is at most 2,000 characters.'),
});
type Values = z.infer<typeof eventSchema>;

const EMPTY: Values = { title: '', startsAt: '', place: '', link: 'https://', description: '' };

/** One member event (editors): add a new one (/admin/events/new), or change or delete one. */
export default function MemberEventEditScreen() {
  const { eventId } = useParams();
  const id = eventId === undefined ? null : Number(eventId);
  const valid = id !== null && Number.isInteger(id) && id > 0;
  const event = useMemberEvent(valid ? id : null);
  if (id === null) return <Editor id={null} event={null} />;
  if (event.data) return <Editor key={event.data.id} id={event.data.id} event={event.data} />;
  return (
    <div className="page page--wide">
      {valid && event.isPending && <Spinner label="Loading the event…" />}
      {(!valid || event.isError) && (
        <>
          <PageHeading title="Member event" area={CONSOLE}>
            Member event
          </PageHeading>
          <div role="alert" className="alert alert--error">
            <p>{event.error?.message ?? 'There is no member event at this address.'}</p>
          </div>
          <p>
            <Link to="/admin/events">Back to the member events</Link>
          </p>
        </>
      )}
    </div>
  );
}

function Editor({ id, event }: { id: number | null; event: MemberEvent | null }) {
  const change = useChangeEvent(id);
  const navigate = useNavigate();
  // A new event's page opens with "… is added." (router state from the add).
  const notice = (useLocation().state as { notice?: string } | null)?.notice ?? null;
  const [status, setStatus] = useState<string | null>(notice);
  const [confirming, setConfirming] = useState(false);
  const values = (saved: MemberEvent): Values => ({
    title: saved.title,
    startsAt: localInputValue(saved.startsAt),
    place: saved.place,
    link: saved.link,
    description: saved.description,
  });

  const form = useAccountForm<(typeof FIELDS)[number], Values>({
    fields: FIELDS,
    schema: eventSchema,
    defaultValues: event ? values(event) : EMPTY,
    summary: (invalid) => <p>Check the {invalid.map((field) => LABELS[field].toLowerCase()).join(', ')} below.</p>,
    submit: async (typed) => {
      setStatus(null);
      const saved = await change.mutateAsync({ ...typed, startsAt: instantOf(typed.startsAt) ?? typed.startsAt });
      if (!saved) return;
      if (id === null) {
        void navigate(`/admin/events/${saved.id}`, { replace: true, state: { notice: `“${saved.title}” is added.` } });
        return;
      }
      form.reset(values(saved));
      setStatus(`Saved. Members see “${saved.title}” as it is now.`);
    },
    failure: failureText,
  });

  const title = event ? event.title : 'New member event';
  return (
    <div className="page page--wide">
      <PageHeading title={title} area={CONSOLE}>
        {title}
      </PageHeading>
      <p>
        <Link to="/admin/events">All member events</Link> · Members see the upcoming ones in the account area&rsquo;s onboarding.
      </p>
      <section className="card" aria-labelledby="event-form-heading">
        <h2 id="event-form-heading">{event ? 'Edit the event' : 'Add an event'}</h2>
        <FormError form={form} />
        <StatusMessage>{status && <p>{status}</p>}</StatusMessage>
        <form noValidate onSubmit={form.onSubmit}>
          <TextField label={LABELS.title} maxChars={200} autoComplete="off" {...form.field('title')} />
          <TextField
            label={LABELS.startsAt}
            type="datetime-local"
            hint={`In your own time zone (${Intl.DateTimeFormat().resolvedOptions().timeZone}); members see it in theirs.`}
            {...form.field('startsAt')}
          />
          <TextField label={LABELS.place} maxChars={200} autoComplete="off" hint="A venue and its address, or Online." {...form.field('place')} />
          <TextField label={LABELS.link} type="url" autoComplete="off" hint="Where members find details and tickets: https:// only." {...form.field('link')} />
          <TextArea label={LABELS.description} rows={4} maxChars={2000} {...form.field('description')} />
          <div className="admin-actions">
            <SubmitButton form={form}>{form.submitting ? 'Saving…' : event ? 'Save' : 'Add the event'}</SubmitButton>
            {event && (
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                Delete the event
              </Button>
            )}
          </div>
        </form>
      </section>
      {event && (
        <DeleteDialog
          open={confirming}
          event={event}
          onClose={() => setConfirming(false)}
          remove={async () => {
            await change.mutateAsync(null);
            void navigate('/admin/events', { state: { notice: `“${event.title}” is deleted.` } });
          }}
        />
      )}
    </div>
  );
}

function DeleteDialog({ open, event, onClose, remove }: { open: boolean; event: MemberEvent; onClose: () => void; remove: () => Promise<void> }) {
  const action = useDialogAction(open);
  const keep = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      open={open}
      title="Delete this event?"
      description={`“${event.title}” will no longer show to members. The audit log keeps what it said.`}
      error={action.error}
      busy={action.busy}
      onClose={onClose}
      onSubmit={() => void action.run(remove)}
      initialFocus={keep}
    >
      <div className="dialog__actions">
        <Button type="submit" busy={action.busy}>
          Delete the event
        </Button>
        <Button ref={keep} variant="secondary" onClick={onClose} disabled={action.busy}>
          Keep it
        </Button>
      </div>
    </ModalDialog>
  );
}
