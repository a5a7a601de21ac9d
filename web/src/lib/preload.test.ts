import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPreloaded, hasPreloaded, preloadFor, takePreloaded } from './preload.ts';

afterEach(() => {
  clearPreloaded();
  vi.useRealTimers();
});

describe('preloaded answers (a member page starts its data with its code)', () => {
  it('go to the user whose token asked for them, once', async () => {
    const fetch = vi.fn(async () => ({ items: ['post of anna'] }));
    preloadFor('anna', 'posts/createdAt/-/-/', fetch);
    preloadFor('anna', 'posts/createdAt/-/-/', fetch);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(hasPreloaded('posts/createdAt/-/-/')).toBe(true);
    await expect(takePreloaded('posts/createdAt/-/-/', 'anna')).resolves.toEqual({ items: ['post of anna'] });
    expect(takePreloaded('posts/createdAt/-/-/', 'anna')).toBeUndefined();
  });

  it('never to another account, nor to nobody: the other asks the server itself', () => {
    preloadFor('anna', 'user', async () => ({ uid: 'anna' }));
    expect(takePreloaded('user', 'bert')).toBeUndefined();
    // Taken out on the first look: it cannot reach anna later either, after bert was here.
    expect(takePreloaded('user', 'anna')).toBeUndefined();
    preloadFor('anna', 'user', async () => ({ uid: 'anna' }));
    expect(takePreloaded('user', null)).toBeUndefined();
  });

  it('not when stale (15 s): the hook asks again', () => {
    vi.useFakeTimers();
    preloadFor('anna', 'user', async () => ({ uid: 'anna' }));
    vi.advanceTimersByTime(15_001);
    expect(takePreloaded('user', 'anna')).toBeUndefined();
  });

  it('a failed preload is no unhandled rejection, and the hook sees the failure', async () => {
    preloadFor('anna', 'user', () => Promise.reject(new Error('Network error')));
    await expect(takePreloaded('user', 'anna')).rejects.toThrow('Network error');
  });
});
