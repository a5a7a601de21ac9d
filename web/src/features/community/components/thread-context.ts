import type { Post, ProfileSummary } from '@kring/contract';
import { createContext, useContext } from 'react';
import type { useCommentActions } from '../hooks/use-comment-actions.ts';

/** What every comment of a post page needs to know, however deep it sits in the tree. */
export interface ThreadContextValue {
  post: Post;
  /** The reader's own profile (null without one: reading only). */
  me: ProfileSummary | null;
  isModerator: boolean;
  /** The comment of `?showComment=`. */
  highlightId: number | null;
  /** True the first time only: the highlighted comment scrolls into view once per visit, not on every sort. */
  takeHighlightScroll: () => boolean;
  actions: ReturnType<typeof useCommentActions>;
  /** Says something to screen readers (a polite live region of the comment section). */
  announce: (message: string) => void;
}

export const ThreadContext = createContext<ThreadContextValue | null>(null);

export function useThread(): ThreadContextValue {
  const value = useContext(ThreadContext);
  if (!value) throw new Error('useThread outside a post page');
  return value;
}
