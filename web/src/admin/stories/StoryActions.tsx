import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { ModalDialog } from '../../ui/ModalDialog';
import { TextField } from '../../ui/TextField';
import { useDialogAction } from '../../ui/useDialogAction';
import { deleteStory, useStoryChange, type Story } from './data';
import { localInput, scheduleMoment } from './storyForm';

/** Schedule: a time to come, in this browser's time zone; the story goes on the site then by itself. */
export function SchedulePanel({ scheduledAt, busy, schedule }: { scheduledAt: string | null; busy: boolean; schedule: (iso: string) => Promise<void> }) {
  const [value, setValue] = useState(() => localInput(scheduledAt));
  const [error, setError] = useState<string | null>(null);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const moment = scheduleMoment(value);
    if ('error' in moment) {
      setError(moment.error);
      return;
    }
    setError(null);
    void schedule(moment.iso);
  };

  return (
    <section className="card" aria-labelledby="story-schedule-heading">
      <h2 id="story-schedule-heading">{scheduledAt ? 'Change its time' : 'Schedule it'}</h2>
      <form noValidate onSubmit={submit}>
        <TextField
          label="Goes on the site at"
          type="datetime-local"
          hint={`Your time zone: ${zone}. The story is saved first, then appears by itself at that time.`}
          value={value}
          error={error}
          onChange={(event) => setValue(event.target.value)}
        />
        <div className="admin-actions">
          <Button type="submit" variant="secondary" busy={busy}>
            Schedule
          </Button>
        </div>
      </form>
    </section>
  );
}

/** Deleting a draft that has never been on the site: asked once more, the safe choice first. */
export function DeleteDialog({ open, story, onClose, onDeleted }: { open: boolean; story: Story; onClose: () => void; onDeleted: () => void }) {
  const action = useDialogAction(open);
  const keep = useRef<HTMLButtonElement>(null);
  const change = useStoryChange();
  return (
    <ModalDialog
      open={open}
      title="Delete this draft?"
      description={`“${story.headline}” has never been on the site. Deleting it cannot be undone; the audit log keeps what it said.`}
      error={action.error}
      busy={action.busy}
      onClose={onClose}
      onSubmit={() =>
        void action.run(async () => {
          await change(() => deleteStory(story.content_id));
          onDeleted();
        })
      }
      initialFocus={keep}
    >
      <div className="dialog__actions">
        <Button type="submit" busy={action.busy}>
          Delete the draft
        </Button>
        <Button ref={keep} variant="secondary" onClick={onClose} disabled={action.busy}>
          Keep it
        </Button>
      </div>
    </ModalDialog>
  );
}
