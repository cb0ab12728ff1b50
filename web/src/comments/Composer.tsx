/**
 * A comment's text box: a labelled textarea, a character counter that agrees with the
 * server's limit (2,000 after trimming), @mention suggestions, and the server's refusal shown
 * beside it as given (role="alert", focus back in the text box). The empty and too-long
 * checks run here first, with the server's own sentences, so no request is spent on them.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CommentsError, UNKNOWN_MESSAGE } from './api';
import { useComments } from './context';
import { insertMention, mentionAt, suggestNames, type MentionQuery } from './mentions';
import { commentLength } from './text';
import { MAX_COMMENT_LENGTH } from './wire';

export const EMPTY_COMMENT = 'Please write a comment before posting.';
const number = new Intl.NumberFormat('en-US');
export const tooLong = (length: number) =>
  `Comments can be at most ${number.format(MAX_COMMENT_LENGTH)} characters; yours has ${number.format(length)}.`;

/** The reader's own check before sending: the server's sentence, or null to send. */
export function checkComment(body: string): string | null {
  const length = commentLength(body);
  if (length === 0) return EMPTY_COMMENT;
  if (length > MAX_COMMENT_LENGTH) return tooLong(length);
  return null;
}

/** Typing stops being "typing" after this long without a key (the typing-end event). */
const TYPING_IDLE_MS = 5000;

export interface ComposerProps {
  label: string;
  submitLabel: string;
  initial?: string;
  autoFocus?: boolean;
  /** Sends the text; resolves to a sentence to show (the pending notice) or null. */
  onSubmit: (body: string) => Promise<string | null>;
  onCancel?: () => void;
}

export function Composer({ label, submitLabel, initial = '', autoFocus = false, onSubmit, onCancel }: ComposerProps) {
  const { names, me, forward, announce } = useComments();
  const id = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [mention, setMention] = useState<MentionQuery | null>(null);
  const [active, setActive] = useState(0);
  const box = useRef<HTMLTextAreaElement>(null);
  const typing = useRef<ReturnType<typeof setTimeout> | null>(null);

  const suggestions = mention ? suggestNames(names, mention.query, me.commenter?.display_name ?? null) : [];
  const open = suggestions.length > 0;
  const length = commentLength(text);

  useEffect(() => {
    if (autoFocus) box.current?.focus();
  }, [autoFocus]);
  useEffect(() => () => clearTimeout(typing.current ?? undefined), []);

  const stopTyping = () => {
    if (typing.current === null) return;
    clearTimeout(typing.current);
    typing.current = null;
    forward('typingEnd');
  };
  const typed = () => {
    if (typing.current === null) forward('typingStart');
    else clearTimeout(typing.current);
    typing.current = setTimeout(stopTyping, TYPING_IDLE_MS);
  };

  const update = (value: string, caret: number) => {
    setText(value);
    setError(null);
    setNotice(null);
    setMention(mentionAt(value, caret));
    setActive(0);
  };

  const pick = (name: string) => {
    const area = box.current;
    if (!area || !mention) return;
    const next = insertMention(text, area.selectionStart, mention, name);
    setText(next.text);
    setMention(null);
    requestAnimationFrame(() => {
      area.focus();
      area.setSelectionRange(next.caret, next.caret);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      pick(suggestions[active] ?? suggestions[0]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setMention(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    stopTyping();
    const refusal = checkComment(text);
    if (refusal) {
      setError(refusal);
      box.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const said = await onSubmit(text.trim());
      setText('');
      setNotice(said);
      if (said) announce(said);
    } catch (failure) {
      setError(failure instanceof CommentsError ? failure.message : UNKNOWN_MESSAGE);
      box.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const listId = `${id}-mentions`;
  const option = (index: number) => `${id}-mention-${index}`;
  return (
    <form className="comments__composer" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={`${id}-text`}>{label}</label>
      <textarea
        ref={box}
        id={`${id}-text`}
        value={text}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? option(active) : undefined}
        onChange={(event) => {
          update(event.target.value, event.target.selectionStart);
          typed();
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          stopTyping();
          setMention(null);
        }}
      />
      {open ? (
        <ul className="comments__mentions" id={listId} role="listbox" aria-label="People in this conversation">
          {suggestions.map((name, index) => (
            <li
              key={name}
              id={option(index)}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => {
                event.preventDefault(); // the text box keeps its focus
                pick(name);
              }}
            >
              {name}
            </li>
          ))}
        </ul>
      ) : null}
      <p className={`comments__counter${length > MAX_COMMENT_LENGTH ? ' comments__counter--over' : ''}`} id={`${id}-count`}>
        {number.format(length)} of {number.format(MAX_COMMENT_LENGTH)} characters
      </p>
      {error ? (
        <p className="comments__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
      {notice ? <p className="comments__notice">{notice}</p> : null}
      <div className="comments__buttons">
        <button type="submit" className="comments__button comments__button--primary" aria-disabled={busy || undefined}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="comments__button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
