/**
 * An onboarding step's form with changes not yet saved: the step's Continue saves them first,
 * and moves on only once they are saved. A reader who typed a display name or ticked a
 * newsletter and pressed Continue expects it kept, not dropped without a word. A refused save
 * keeps the reader on the step, with the form's own message.
 */
import { createContext, useContext, useEffect, useRef, type RefObject } from 'react';

/** Saves what the form holds unsaved; true when there was nothing to save or it is saved. */
export type PendingSave = () => Promise<boolean>;

/** Given by a step (OnboardingRoutes.tsx): where its form leaves its save for Continue. */
export const StepSave = createContext<RefObject<PendingSave | null> | null>(null);

/** What Continue runs before it moves on: the step's form's save, if it has one. */
export function savePending(pending: RefObject<PendingSave | null>): Promise<boolean> {
  return pending.current?.() ?? Promise.resolve(true);
}

/** In a form that an onboarding step shows: its Continue calls `save` first. Elsewhere, nothing. */
export function useSaveOnContinue(save: PendingSave): void {
  const pending = useContext(StepSave);
  const latest = useRef(save);
  useEffect(() => {
    latest.current = save;
  });
  useEffect(() => {
    if (!pending) return undefined;
    pending.current = () => latest.current();
    return () => {
      pending.current = null;
    };
  }, [pending]);
}
