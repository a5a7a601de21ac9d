import type { Message } from '@kring/contract';
import { describe, expect, it } from 'vitest';
import { otherUserOf, threadIdOf } from './thread-id.ts';
import { addMessage, appendOlder, cursorAfter, type MessagePage, mergeLatest } from './thread-pages.ts';

const message = (id: number, content = `Bericht ${id}`): Message => ({
  id,
  fromUserId: id % 2 ? 4 : 7,
  content,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
});
/** A page as the server answers it: ids from `newest` down, newest first. */
const page = (newest: number, size: number, more: boolean): MessagePage => {
  const messages = Array.from({ length: size }, (_, i) => message(newest - i));
  return { messages, nextCursor: more ? (messages.at(-1)?.id ?? null) : null };
};
const ids = (messages: Message[]) => messages.map((m) => m.id);

describe('thread pages', () => {
  it("takes the next page's cursor from the 20th item of the page before", () => {
    expect(cursorAfter(page(140, 20, true))).toBe(121);
    expect(cursorAfter(page(140, 20, false))).toBeNull();
  });

  it('shows pages oldest first and adds older pages before them', () => {
    const first = mergeLatest(null, page(140, 20, true));
    expect(ids(first.messages).slice(0, 2)).toEqual([121, 122]);
    expect(ids(first.messages).at(-1)).toBe(140);
    const both = appendOlder(first, page(120, 5, false));
    expect(ids(both.messages).slice(0, 6)).toEqual([116, 117, 118, 119, 120, 121]);
    expect(both.messages).toHaveLength(25);
    expect(both.cursor).toBeNull();
  });

  it('merges a refetched newest page into what is loaded and keeps the older cursor', () => {
    const loaded = appendOlder(mergeLatest(null, page(140, 20, true)), page(120, 20, true));
    expect(loaded.cursor).toBe(101);
    const refreshed = mergeLatest(loaded, page(142, 20, true));
    expect(refreshed.messages).toHaveLength(42);
    expect(ids(refreshed.messages).slice(-3)).toEqual([140, 141, 142]);
    expect(refreshed.cursor).toBe(101);
  });

  it('starts again from the newest page when more arrived than one page holds (no gap)', () => {
    const loaded = mergeLatest(null, page(140, 20, true));
    const refreshed = mergeLatest(loaded, page(170, 20, true));
    expect(ids(refreshed.messages)[0]).toBe(151);
    expect(refreshed.messages).toHaveLength(20);
    expect(refreshed.cursor).toBe(151);
  });

  it('adds a sent message once, even when the refetched page brings it again', () => {
    const loaded = addMessage(mergeLatest(null, page(3, 3, false)), message(9, 'Hoi'));
    expect(ids(loaded.messages)).toEqual([1, 2, 3, 9]);
    expect(ids(mergeLatest(loaded, page(9, 4, false)).messages)).toEqual([1, 2, 3, 6, 7, 8, 9]);
  });
});

describe('thread ids', () => {
  it('joins the two profile ids ascending with x, and reads the other member back', () => {
    expect(threadIdOf(12, 7)).toBe('7x12');
    expect(otherUserOf('7x12', 7)).toBe(12);
    expect(otherUserOf('7x12', 12)).toBe(7);
    expect(otherUserOf('7x12', 3)).toBeNull();
    expect(otherUserOf('12x7', 7)).toBeNull();
  });
});
