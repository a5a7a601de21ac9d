/** Looks up words' Dutch stems (null for a stop word), as `dutchStems` in search.repo.ts does. */
export type StemLookup = (words: string[]) => Promise<Map<string, string | null>>;

/**
 * Words' Dutch stems as the index makes them, kept per instance: a word's stem depends only on the
 * database's dictionary (changed by a migration, which comes with a new deploy), so a warm instance
 * asks the database only for words it has not seen (issue 26: a search in 4 statements). At most
 * `limit` words; then it starts over.
 */
export class StemCache {
  private readonly stems = new Map<string, string | null>();

  constructor(private readonly limit: number) {}

  /** The stem of every word in `words`, asking `lookup` only for the words not kept yet. */
  async stemsOf(words: string[], lookup: StemLookup): Promise<Map<string, string | null>> {
    const stemCache = this.stems;
    const missing = words.filter((w) => !stemCache.has(w));
    const found = missing.length > 0 ? await lookup(missing) : new Map<string, string | null>();
    const stems = new Map(
      words.map((w) => [w, found.has(w) ? (found.get(w) ?? null) : (stemCache.get(w) ?? null)]),
    );
    if (stemCache.size + found.size > this.limit) stemCache.clear();
    for (const [word, stem] of found) stemCache.set(word, stem);
    return stems;
  }
}
