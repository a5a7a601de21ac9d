/**
 * The loaded pages of a cursor-paged list, in order, each reading its own SWR key. Each page passes
 * the ids shown above it to the next, which leaves them out: when posts gain points or new ones
 * arrive between two page loads, an item can come back on a later page and must not show twice.
 */
import { type ReactNode, useMemo } from 'react';
import { useApi } from '../../../lib/use-api.ts';
import type { PageSource } from '../hooks/use-cursor-pages.ts';

interface Props<T extends { id: number }> {
  cursors: readonly (string | null)[];
  page: (cursor: string | null) => PageSource<{ items: T[] }>;
  renderItem: (item: T) => ReactNode;
  index?: number;
  seen?: ReadonlySet<number>;
}

const nothingSeen: ReadonlySet<number> = new Set();

export function PageChain<T extends { id: number }>({
  cursors,
  page,
  renderItem,
  index = 0,
  seen = nothingSeen,
}: Props<T>) {
  const source = page(cursors[index] ?? null);
  const { data } = useApi(source.key, source.fetch, source.options);
  const items = useMemo(() => (data?.items ?? []).filter((item) => !seen.has(item.id)), [data, seen]);
  const seenNext = useMemo(
    () => (items.length === 0 ? seen : new Set([...seen, ...items.map((item) => item.id)])),
    [seen, items],
  );
  return (
    <>
      {items.map(renderItem)}
      {index + 1 < cursors.length ? (
        <PageChain cursors={cursors} page={page} renderItem={renderItem} index={index + 1} seen={seenNext} />
      ) : null}
    </>
  );
}
