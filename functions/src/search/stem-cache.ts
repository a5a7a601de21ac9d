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

  /**
   * The stem of every word in `words`, asking `lookup` only for the words not kept yet. The kept
   * stems are read before waiting for `lookup`: another search may start the cache over meanwhile.
   */
  async stemsOf(words: string[], lookup: StemLookup): Promise<Map<string, string | null>> {
    const stems = new Map<string, string | null>();
    const missing: string[] = [];
    for (const word of words) {
      const kept = this.stems.get(word);
      if (kept !== undefined) stems.set(word, kept);
      else missing.push(word);
    }
    if (missing.length === 0) return stems;
    const found = await lookup(missing);
    if (this.stems.size + missing.length > this.limit) this.stems.clear();
    for (const word of missing) {
      const stem = found.get(word) ?? null;
      stems.set(word, stem);
      this.stems.set(word, stem);
    }
    return new Map(words.map((word) => [word, stems.get(word) ?? null]));
  }
}
