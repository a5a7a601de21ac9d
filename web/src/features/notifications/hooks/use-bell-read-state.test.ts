import { describe, expect, it } from 'vitest';
import { type BellReadState, bellReadReducer } from './use-bell-read-state.ts';

const start: BellReadState = { seenCount: 3, answered: null, shownAsNew: null };
const shown = (s: BellReadState) => s.answered ?? s.seenCount;

describe('the bell read state', () => {
  it('keeps the count on opening, shows what marking left unread, and keeps the new rows marked', () => {
    const opened = bellReadReducer(start, { type: 'opened' });
    expect(shown(opened)).toBe(3);
    const listed = bellReadReducer(opened, { type: 'listShown', unreadIds: new Set([1, 2, 3]) });
    expect([...(listed.shownAsNew ?? [])]).toEqual([1, 2, 3]);
    const marked = bellReadReducer(listed, { type: 'marked', unreadCount: 1 });
    expect(shown(marked)).toBe(1);
  });

  it('shows the realtime count again when marking failed', () => {
    const marked = bellReadReducer(start, { type: 'marked', unreadCount: 0 });
    expect(shown(bellReadReducer(marked, { type: 'markFailed' }))).toBe(3);
  });

  it('takes a moved realtime count as the truth again', () => {
    const marked = bellReadReducer(start, { type: 'marked', unreadCount: 0 });
    expect(shown(bellReadReducer(marked, { type: 'countMoved', count: 2 }))).toBe(2);
  });
});
