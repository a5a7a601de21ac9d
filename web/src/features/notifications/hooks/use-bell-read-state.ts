/**
 * The notification bell's read-state bookkeeping in one place. Opening the bell marks the
 * notifications read: the server resets the realtime count in every tab; this tab shows 0 at once
 * and keeps showing 0 until the realtime value moves (or the marking failed). The rows that were new
 * when this opening's list came keep their unread look until the popover closes.
 */
import { useReducer } from 'react';

export interface BellReadState {
  /** The realtime unread count last seen. */
  seenCount: number;
  /** The bell shows 0 while this opening's marking is on its way (or done). */
  cleared: boolean;
  /** This opening got as far as marking: its list came while the popover was open. */
  markStarted: boolean;
  /** The ids that were unread when this opening's list came; null until it came. */
  shownAsNew: ReadonlySet<number> | null;
}

export type BellReadAction =
  /** The realtime value moved (the server's reset, or a new notification): it is the truth again. */
  | { type: 'countMoved'; count: number }
  | { type: 'opened'; unreadCount: number }
  /** Closed before the list came: nothing was marked, so the count shows again. */
  | { type: 'closed' }
  | { type: 'listShown'; unreadIds: ReadonlySet<number> }
  | { type: 'markFailed' };

export function bellReadReducer(state: BellReadState, action: BellReadAction): BellReadState {
  switch (action.type) {
    case 'countMoved':
      return { ...state, seenCount: action.count, cleared: false };
    case 'opened':
      return {
        ...state,
        markStarted: false,
        shownAsNew: null,
        cleared: action.unreadCount > 0 ? true : state.cleared,
      };
    case 'closed':
      return state.markStarted ? state : { ...state, cleared: false };
    case 'listShown':
      return { ...state, markStarted: true, shownAsNew: action.unreadIds };
    case 'markFailed':
      return { ...state, cleared: false };
  }
}

/** The bell's read state for the live `unreadCount`, and what it shows on the bell. */
export function useBellReadState(unreadCount: number) {
  const [state, dispatch] = useReducer(bellReadReducer, {
    seenCount: unreadCount,
    cleared: false,
    markStarted: false,
    shownAsNew: null,
  });
  // During render, as React's "adjusting state when a prop changes": no effect, no extra frame.
  if (state.seenCount !== unreadCount) dispatch({ type: 'countMoved', count: unreadCount });
  return { state, dispatch, shown: state.cleared ? 0 : unreadCount };
}
