/**
 * Reporting a comment: a small dialog beside it with the contract's reasons and an optional
 * note. Escape or Cancel closes it; the caller gives the focus back to the Report button.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CommentsError, UNKNOWN_MESSAGE } from './api';
import type { ReportReason } from './wire';

export const REASONS: ReadonlyArray<[ReportReason, string]> = [
  ['spam', 'Spam'],
  ['abuse', 'Abuse'],
  ['harassment', 'Harassment'],
  ['misinformation', 'Misinformation'],
  ['other', 'Something else'],
];
export const MAX_NOTE_LENGTH = 500;

export interface ReportDialogProps {
  author: string;
  send: (reason: ReportReason, note: string) => Promise<string>;
  onDone: (message: string | null) => void;
}

export function ReportDialog({ author, send, onDone }: ReportDialogProps) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);

  useEffect(() => first.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!reason) {
      setError('Please choose why you are reporting this comment.');
      first.current?.focus();
      return;
    }
    if (note.length > MAX_NOTE_LENGTH) {
      setError(`Please keep the note to ${MAX_NOTE_LENGTH} characters; it has ${note.length}.`);
      return;
    }
    setBusy(true);
    try {
      onDone(await send(reason, note.trim()));
    } catch (failure) {
      setError(failure instanceof CommentsError ? failure.message : UNKNOWN_MESSAGE);
      setBusy(false);
    }
  };

  return (
    <div
      className="comments__dialog"
      role="dialog"
      aria-labelledby={`${id}-title`}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onDone(null);
      }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <fieldset>
          <legend id={`${id}-title`}>Report {author}'s comment</legend>
          {REASONS.map(([value, label], index) => (
            <label key={value} className="comments__choice">
              <input
                ref={index === 0 ? first : undefined}
                type="radio"
                name={`${id}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setError(null);
                }}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <label htmlFor={`${id}-note`}>Anything a moderator should know (optional)</label>
        <textarea id={`${id}-note`} rows={2} value={note} onChange={(event) => setNote(event.target.value)} />
        {error ? (
          <p className="comments__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="comments__buttons">
          <button type="submit" className="comments__button comments__button--primary" aria-disabled={busy || undefined}>
            Send report
          </button>
          <button type="button" className="comments__button" onClick={() => onDone(null)}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
