/**
 * A hosted tokeniser's fields inside one of our forms: mounts the provider's frames into the
 * containers the form renders (the fields it asks for, no others), keeps each field's state
 * and whether the reader has left it, tells the frames their messages, and tears the frames
 * down when the form goes away. The card form mounts all five fields; the CVV dialog the CVV.
 */
import { useEffect, useRef, useState } from 'react';
import { fieldMessage, type CardField, type FieldState } from './CardFormValidation';
import type { Touched } from './CardFormFrame';
import type { HostedCardSession, HostedCardTokenizer, HostedFieldContainers, HostedMountOptions } from './cardTokenizer';

const LOAD_ERROR = 'The card form could not be loaded.';

interface UseHostedFieldsOptions extends HostedMountOptions {
  /** False while the containers are not rendered (a closed dialog): nothing is mounted. */
  enabled?: boolean;
}

export function useHostedFields(tokenizer: HostedCardTokenizer, fields: readonly CardField[], { enabled = true, cvvMaxLength, onSubmitRequest }: UseHostedFieldsOptions = {}) {
  // The latest handler, read when Enter is pressed: a new one must not remount the frames.
  const submitRequest = useRef(onSubmitRequest);
  submitRequest.current = onSubmitRequest;
  const containers = useRef<Partial<Record<CardField, HTMLDivElement | null>>>({});
  // Mounts one after another: React's development double effect (or a dialog opened again at
  // once) must not put a second set of frames into containers the first set still occupies.
  const lastTeardown = useRef<Promise<unknown>>(Promise.resolve());
  const [session, setSession] = useState<HostedCardSession | null>(null);
  const [states, setStates] = useState<Partial<Record<CardField, FieldState>>>({});
  const [touched, setTouched] = useState<Touched>({});
  const [loadError, setLoadError] = useState<string | null>(null);
  const fieldsKey = fields.join(' ');

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setStates({});
    setTouched({});
    setLoadError(null);
    const chosen: HostedFieldContainers = {};
    for (const field of fieldsKey.split(' ') as CardField[]) {
      const container = containers.current[field];
      if (container) chosen[field] = container;
    }
    const mounted = lastTeardown.current.then(() => {
      if (!live) return null;
      const onUpdate = ({ states: reported, blurred }: { states: Partial<Record<CardField, FieldState>>; blurred?: CardField }) => {
        if (!live) return;
        setStates(reported);
        if (blurred) setTouched((current) => ({ ...current, [blurred]: true }));
      };
      return tokenizer.mount(chosen, onUpdate, { cvvMaxLength, onSubmitRequest: () => submitRequest.current?.() });
    });
    mounted.then(
      (ready) => {
        if (live && ready) setSession(ready);
      },
      (caught: unknown) => {
        if (live) setLoadError(caught instanceof Error && caught.message ? caught.message : LOAD_ERROR);
      },
    );
    return () => {
      live = false;
      setSession(null);
      lastTeardown.current = mounted.then((ready) => ready?.teardown()).catch(() => undefined);
    };
  }, [tokenizer, fieldsKey, cvvMaxLength, enabled]);

  const stateOf = (field: CardField): FieldState => states[field] ?? 'empty';
  const messages = Object.fromEntries(fields.map((field) => [field, touched[field] ? fieldMessage(field, stateOf(field)) : null])) as Partial<Record<CardField, string | null>>;
  const messageKey = fields.map((field) => messages[field] ?? '').join('|');

  // The framed inputs carry their own aria-invalid and message for screen readers.
  useEffect(() => {
    if (!session) return;
    for (const field of fieldsKey.split(' ') as CardField[]) session.describe(field, messages[field] ?? null);
  }, [session, messageKey]);

  return {
    session,
    stateOf,
    touched,
    messages,
    loadError,
    valid: session !== null && fields.every((field) => stateOf(field) === 'valid'),
    touchAll: () => setTouched(Object.fromEntries(fields.map((field) => [field, true]))),
    container: (field: CardField) => (element: HTMLDivElement | null) => {
      containers.current[field] = element;
    },
  };
}
