import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { bareList, colors } from '../../../components/ui/theme.ts';
import type { ContentResult } from '../api/get-content.ts';
import type { ListResponse } from '../api/types.ts';
import { cardGrid } from './cards.tsx';
import { ContentState } from './content-state.tsx';

const rowItem = css`
  padding: 16px 0;
  border-bottom: 1px solid ${colors.border};
`;

interface ListProps<T> {
  /** Shown instead of the list when it is empty; without it an empty list stays an empty list. */
  empty?: string;
  /** Cards in a grid (default) or one row per item. */
  layout?: 'grid' | 'rows';
  children: (item: T) => ReactNode;
}

/** CMS entries as a list, one `children(item)` per item. */
export function CardList<T extends { documentId: string }>({
  items,
  empty,
  layout = 'grid',
  children,
}: ListProps<T> & { items: T[] }) {
  if (empty !== undefined && items.length === 0) return <p>{empty}</p>;
  return (
    <ul css={layout === 'grid' ? cardGrid : bareList}>
      {items.map((item) => (
        <li key={item.documentId} css={layout === 'rows' ? rowItem : undefined}>
          {children(item)}
        </li>
      ))}
    </ul>
  );
}

/** A CMS list read: its loading and error states, then the list (or the `empty` text). */
export function ContentList<T extends { documentId: string }>({
  result,
  ...list
}: ListProps<T> & { result: ContentResult<ListResponse<T>> }) {
  return (
    <ContentState data={result.data?.data} error={result.error}>
      {(items) => <CardList items={items} {...list} />}
    </ContentState>
  );
}
