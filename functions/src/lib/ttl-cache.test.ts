import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('the site function content cache', () => {
  it('answers from memory until the time to live has passed, then asks again', async () => {
    let now = 0;
    let calls = 0;
    const cache = new TtlCache<number>(30_000, 10, () => now);
    const load = async () => ++calls;
    expect(await cache.get('a', load)).toBe(1);
    now = 29_999;
    expect(await cache.get('a', load)).toBe(1);
    now = 30_000;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('shares one load between concurrent callers', async () => {
    let calls = 0;
    const cache = new TtlCache<number>(1000);
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 10));
    expect(await Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)])).toEqual([
      1, 1, 1,
    ]);
  });

  it('does not keep answers it is told not to keep (a failing CMS), nor rejections', async () => {
    let calls = 0;
    const cache = new TtlCache<number>(1000);
    const failing = async () => ++calls;
    await cache.get('a', failing, () => false);
    await cache.get('a', failing, () => false);
    expect(calls).toBe(2);
    await expect(cache.get('b', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('b', async () => 7)).toBe(7);
  });

  it('holds at most its maximum of entries, dropping the oldest', async () => {
    let calls = 0;
    const cache = new TtlCache<number>(60_000, 2);
    const load = async () => ++calls;
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(await cache.get('b', load)).toBe(2);
    expect(await cache.get('a', load)).toBe(4);
  });
});
