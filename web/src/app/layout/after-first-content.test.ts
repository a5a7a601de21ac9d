// When the signed-in header's bell and chat may load (after-first-content.ts): after the page's first
// content, or MAX_WAIT_MS without it. On a fake clock, so a loaded machine cannot change the outcome.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstContent, MAX_WAIT_MS, resetFirstContent } from './after-first-content.ts';

/** Whether the promise has resolved by now. */
const settled = (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  return () => done;
};
const addContent = () => {
  const card = document.createElement('article');
  card.dataset.content = 'post-card';
  document.body.append(card);
};

beforeEach(() => {
  resetFirstContent();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
});
afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('the first content of a page (the header waits for it)', () => {
  it('content already on the page: a frame later, not after the longest wait', async () => {
    addContent();
    const done = settled(afterFirstContent());
    await vi.advanceTimersByTimeAsync(50);
    expect(done()).toBe(true);
  });

  it('content arriving later: as soon as it is in, well before the longest wait', async () => {
    const done = settled(afterFirstContent());
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS - 500);
    expect(done()).toBe(false);
    document.body.append(document.createElement('div'));
    await vi.advanceTimersByTimeAsync(50);
    expect(done()).toBe(false);
    addContent();
    await vi.advanceTimersByTimeAsync(50);
    expect(done()).toBe(true);
  });

  it('a page without content (an empty timeline, an account page): after MAX_WAIT_MS, not before', async () => {
    const done = settled(afterFirstContent());
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS - 1);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
    expect(done()).toBe(true);
  });

  it('once per page load: a header mounted again does not wait again', async () => {
    addContent();
    const first = afterFirstContent();
    await vi.advanceTimersByTimeAsync(50);
    document.body.replaceChildren();
    const again = settled(afterFirstContent());
    await vi.advanceTimersByTimeAsync(0);
    expect(again()).toBe(true);
    expect(afterFirstContent()).toBe(first);
  });
});
