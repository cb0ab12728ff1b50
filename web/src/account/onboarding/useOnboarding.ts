import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useMembership } from '../membership/billingData';
import { useReader } from '../state/identityData';
import { fetchMemberEvents, memberEventsKey, type MemberEvent } from './memberEventsApi';
import { readDone, writeDone } from './progress';
import { stepsFor, type StepSlug } from './steps';

export interface OnboardingPlan {
  steps: StepSlug[];
  subscriber: boolean;
  events: MemberEvent[];
  done: ReadonlySet<string>;
  /** Marks a step continued or skipped (resuming starts after it). */
  markDone: (step: StepSlug) => void;
  /** Forgets the steps done, to go through them again. */
  restart: () => void;
}

/**
 * The reader's step set, decided from the server's answers: subscriber (a member-like status
 * or home delivery), membership enabled, and for subscribers whether events exist. A failed
 * events read counts as none (the step is left out, nothing else breaks).
 */
export function useOnboarding(): { plan: OnboardingPlan | null; error: Error | null; retry: () => void } {
  const { reader } = useReader();
  const { membership, error, retry } = useMembership();
  const subscriber = Boolean(membership && (membership.isMember || membership.homeDelivery));
  const events = useQuery({
    queryKey: memberEventsKey(reader),
    queryFn: fetchMemberEvents,
    enabled: subscriber,
    retry: false,
  });
  const [done, setDone] = useState<ReadonlySet<string>>(() => readDone(reader));
  // Another reader signing in on this tab has their own progress.
  useEffect(() => setDone(readDone(reader)), [reader]);
  const markDone = useCallback(
    (step: StepSlug) =>
      setDone((before) => {
        const next = new Set(before).add(step);
        writeDone(reader, next);
        return next;
      }),
    [reader],
  );
  const restart = useCallback(() => {
    writeDone(reader, new Set());
    setDone(new Set());
  }, [reader]);

  if (error) return { plan: null, error, retry };
  if (!membership || (subscriber && events.isPending)) return { plan: null, error: null, retry };
  const upcoming = events.data ?? [];
  const steps = stepsFor({ subscriber, membershipEnabled: membership.membershipEnabled, eventsExist: upcoming.length > 0 });
  return { plan: { steps, subscriber, events: upcoming, done, markDone, restart }, error: null, retry };
}
