/** What every part of the comments client reads: the reader, the thread's names for
 * @mentions, the event forwarder and the actions (each throws a CommentsError on refusal). */
import { createContext, useContext } from 'react';
import type { Forward } from './events';
import type { Me, Posted, ReportReason, Vote } from './wire';

export interface CommentsActions {
  post: (parentId: number | null, body: string) => Promise<Posted>;
  edit: (id: number, body: string) => Promise<Posted>;
  remove: (id: number) => Promise<void>;
  vote: (id: number, value: Vote) => Promise<void>;
  heart: (id: number, value: boolean) => Promise<void>;
  report: (id: number, reason: ReportReason, note: string) => Promise<string>;
  /** Follows (or stops following) the comment's author: their other comments follow suit. */
  follow: (id: number, value: boolean) => Promise<void>;
}

export interface CommentsContextValue {
  me: Me;
  /** False until the reader's state (and any sign-on) has answered: until then a vote or a
   * heart cannot be sent, nor refused for want of a session the handshake is opening. */
  ready: boolean;
  names: string[];
  forward: Forward;
  actions: CommentsActions;
  /** Says a sentence in the client's polite live region. */
  announce: (message: string) => void;
}

export const CommentsContext = createContext<CommentsContextValue | null>(null);

export function useComments(): CommentsContextValue {
  const value = useContext(CommentsContext);
  if (!value) throw new Error('A comments part rendered outside CommentsContext.');
  return value;
}
