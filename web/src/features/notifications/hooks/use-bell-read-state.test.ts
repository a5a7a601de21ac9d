import { describe, expect, it } from 'vitest';
import { type BellReadState, bellReadReducer } from './use-bell-read-state.ts';

const start: BellReadState = { seenCount: 3, cleared: false, markStarted: false, shownAsNew: null };
const shown = (s: BellReadState) => (s.cleared ? 0 : s.seenCount);

describe('the bell read state', () => {
  it('shows 0 from the opening on, and keeps the rows that were new marked until it closes', () => {
    const opened = bellReadReducer(start, { type: 'opened', unreadCount: 3 });
    expect(shown(opened)).toBe(0);
    const listed = bellReadReducer(opened, { type: 'listShown', unreadIds: new Set([1, 2, 3]) });
    expect([...(listed.shownAsNew ?? [])]).toEqual([1, 2, 3]);
    const closed = bellReadReducer(listed, { type: 'closed' });
    expect(shown(closed)).toBe(0);
  });

  it('shows the count again when it closed before the list came (nothing was marked) or marking failed', () => {
    const opened = bellReadReducer(start, { type: 'opened', unreadCount: 3 });
    expect(shown(bellReadReducer(opened, { type: 'closed' }))).toBe(3);
    const listed = bellReadReducer(opened, { type: 'listShown', unreadIds: new Set([1]) });
    expect(shown(bellReadReducer(listed, { type: 'markFailed' }))).toBe(3);
  });

  it('takes a moved realtime count as the truth again', () => {
    const opened = bellReadReducer(start, { type: 'opened', unreadCount: 3 });
    const moved = bellReadReducer(opened, { type: 'countMoved', count: 1 });
    expect(shown(moved)).toBe(1);
  });
});
