/**
 * The notification bell's read-state bookkeeping in one place. The popover marks read the rows the
 * member has seen; the server then publishes the new unread count to every tab. This tab shows the
 * count the server answered at once, until the realtime value moves. The rows that were new when
 * this opening's list came keep their unread look until the popover closes.
 */
import { useReducer } from 'react';

export interface BellReadState {
  /** The realtime unread count last seen. */
  seenCount: number;
  /** The count markNotificationsRead answered, shown until the realtime value moves; else null. */
  answered: number | null;
  /** The ids that were unread when this opening's list came; null until it came. */
  shownAsNew: ReadonlySet<number> | null;
}

export type BellReadAction =
  /** The realtime value moved (the server's publish, or a new notification): it is the truth again. */
  | { type: 'countMoved'; count: number }
  | { type: 'opened' }
  | { type: 'listShown'; unreadIds: ReadonlySet<number> }
  | { type: 'marked'; unreadCount: number }
  | { type: 'markFailed' };

export function bellReadReducer(state: BellReadState, action: BellReadAction): BellReadState {
  switch (action.type) {
    case 'countMoved':
      return { ...state, seenCount: action.count, answered: null };
    case 'opened':
      return { ...state, shownAsNew: null };
    case 'listShown':
      return { ...state, shownAsNew: action.unreadIds };
    case 'marked':
      return { ...state, answered: action.unreadCount };
    case 'markFailed':
      return { ...state, answered: null };
  }
}

/** The bell's read state for the live `unreadCount`, and what it shows on the bell. */
export function useBellReadState(unreadCount: number) {
  const [state, dispatch] = useReducer(bellReadReducer, {
    seenCount: unreadCount,
    answered: null,
    shownAsNew: null,
  });
  // During render, as React's "adjusting state when a prop changes": no effect, no extra frame.
  if (state.seenCount !== unreadCount) dispatch({ type: 'countMoved', count: unreadCount });
  return { state, dispatch, shown: state.answered ?? unreadCount };
}
