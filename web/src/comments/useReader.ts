/**
 * Who is reading: GET /comments/v1/me, and for a reader signed in to Masthead but not yet to
 * comments the sign-on handshake (spec section 7), then /me again. The reader's tracking id
 * and name come from the site's data layer (GET /blaize/datalayer): the name is the
 * handshake's user_name, the tracking id goes with forwarded events.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { getMe, signOn, type StoryRef } from './api';
import type { Forward } from './events';
import { SIGNED_OUT, type Me } from './wire';

export interface Identity {
  trackingId: string;
  name: string;
}

export interface ReaderView {
  me: Me;
  /** False until the first answer (signed out meanwhile). */
  ready: boolean;
  /** Why the reader's state or sign-on failed, as a sentence; null when all is well. */
  problem: string | null;
  identity: Identity;
  retry: () => void;
  reload: () => Promise<void>;
  setMe: (update: (me: Me) => Me) => void;
}

export const SIGN_ON_FAILED = "We couldn't sign you in to comments.";
export const STATE_FAILED = "We couldn't check whether you're signed in to comments.";

async function readIdentity(): Promise<Identity> {
  try {
    const response = await fetch('/blaize/datalayer', { credentials: 'include', headers: { Accept: 'application/json' } });
    if (!response.ok) return { trackingId: '', name: 'reader' };
    const { dataLayer } = ((await response.json()) ?? {}) as { dataLayer?: Record<string, unknown> };
    const pick = (key: string) => (typeof dataLayer?.[key] === 'string' ? (dataLayer[key] as string).trim() : '');
    return { trackingId: pick('trackingId'), name: (pick('fullName') || pick('firstName') || 'reader').slice(0, 100) };
  } catch {
    return { trackingId: '', name: 'reader' };
  }
}

export function useReader(ref: StoryRef, forward: Forward, identityRef: { current: Identity & { signedIn: boolean } }): ReaderView {
  const [me, setMeState] = useState<Me>(SIGNED_OUT);
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [identity, setIdentity] = useState<Identity>({ trackingId: '', name: 'reader' });
  const started = useRef(0);

  const start = useCallback(async () => {
    const run = ++started.current;
    setProblem(null);
    let state: Me;
    try {
      state = await getMe(ref);
    } catch (error) {
      if (run === started.current) setProblem(`${STATE_FAILED} ${(error as Error).message}`);
      setReady(true);
      return;
    }
    if (run !== started.current) return;
    if (state.signed_in) {
      const found = await readIdentity();
      identityRef.current = { ...found, signedIn: true };
      setIdentity(found);
      if (!state.commenter) {
        forward('loginStart');
        try {
          await signOn(found.name);
          forward('postLogin');
          state = await getMe(ref);
        } catch (error) {
          if (run === started.current) setProblem(`${SIGN_ON_FAILED} ${(error as Error).message}`);
        }
      }
    }
    if (run !== started.current) return;
    setMeState(state);
    setReady(true);
  }, [ref, forward, identityRef]);

  useEffect(() => {
    void start();
  }, [start]);

  const reload = useCallback(async () => {
    try {
      const state = await getMe(ref);
      setMeState(state);
    } catch {
      // the reader's state stays as it was; the action that asked has shown its own outcome
    }
  }, [ref]);

  return { me, ready, problem, identity, retry: () => void start(), reload, setMe: setMeState };
}
