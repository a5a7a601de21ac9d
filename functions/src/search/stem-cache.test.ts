import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, getDb } from '../lib/db.ts';
import { dutchStems } from './search.repo.ts';
import { StemCache, type StemLookup } from './stem-cache.ts';

afterAll(() => closeDb());

/** The database's own stem lookup, counting the words it was asked about. */
function counted() {
  const asked: string[][] = [];
  const lookup: StemLookup = async (words) => {
    asked.push(words);
    return dutchStems(await getDb(), words);
  };
  return { asked, lookup };
}

describe('StemCache', () => {
  it('asks the database only for words it has not seen, stop words included', async () => {
    const cache = new StemCache(100);
    const { asked, lookup } = counted();
    const first = await cache.stemsOf(['tarieven', 'de'], lookup);
    expect([...first]).toEqual([
      ['tarieven', 'tarief'],
      ['de', null],
    ]);
    const again = await cache.stemsOf(['de', 'prijzen', 'tarieven'], lookup);
    expect([...again]).toEqual([
      ['de', null],
      ['prijzen', 'prijs'],
      ['tarieven', 'tarief'],
    ]);
    expect(asked).toEqual([['tarieven', 'de'], ['prijzen']]);
  });

  it('keeps at most its limit of words, then starts over', async () => {
    const cache = new StemCache(2);
    const { asked, lookup } = counted();
    await cache.stemsOf(['tarieven', 'prijzen'], lookup);
    await cache.stemsOf(['huizen'], lookup);
    await cache.stemsOf(['tarieven', 'huizen'], lookup);
    expect(asked).toEqual([['tarieven', 'prijzen'], ['huizen'], ['tarieven']]);
  });

  it('gives a search the stems it had kept also when another search starts the cache over meanwhile', async () => {
    const cache = new StemCache(3);
    const { lookup } = counted();
    await cache.stemsOf(['tarieven'], lookup);
    // Search A finds 'tarieven' kept and waits for the database about 'prijzen'…
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const a = cache.stemsOf(['tarieven', 'prijzen'], async (words) => {
      await gate;
      return lookup(words);
    });
    // …while search B's new words pass the limit, so the cache starts over.
    await cache.stemsOf(['huizen', 'brieven', 'boeken'], lookup);
    release();
    expect([...(await a)]).toEqual([
      ['tarieven', 'tarief'],
      ['prijzen', 'prijs'],
    ]);
  });
});
