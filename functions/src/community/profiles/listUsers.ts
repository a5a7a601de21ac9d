import { id, type listUsers } from '@kring/contract';
import { z } from 'zod';
import type { Handler } from '../../lib/handler.ts';
import { decodeCursor, encodeCursor, int4, timestampKey } from '../shared/cursor.ts';
import { toProfile } from './profiles.repo.ts';
import { listProfilesByCreated, listProfilesByKarma, type ProfileListRow } from './users.repo.ts';

// Each order has its own cursor shape, so a cursor from the other order is refused (400 on cursor).
const createdCursor = z.strictObject({ createdAt: timestampKey, id });
const karmaCursor = z.strictObject({ points: int4, id });

/**
 * Members newest first or by karma points (keyset, no OFFSET). Karma can change between pages, so a
 * member whose points moved may show up twice or not at all in one walk through the list.
 */
export const listUsersHandler: Handler<typeof listUsers> = async ({ db }, { order, pageSize, cursor }) => {
  let rows: ProfileListRow[];
  if (order === 'points') {
    const after = cursor === null ? null : decodeCursor(cursor, karmaCursor);
    rows = await listProfilesByKarma(db, after, pageSize + 1);
  } else {
    const after = cursor === null ? null : decodeCursor(cursor, createdCursor);
    rows = await listProfilesByCreated(db, after, pageSize + 1);
  }
  const items = rows.slice(0, pageSize);
  const last = items[items.length - 1];
  const nextCursor =
    rows.length > pageSize && last
      ? encodeCursor(
          order === 'points'
            ? { points: last.karma_points, id: last.id }
            : { createdAt: last.created_key, id: last.id },
        )
      : null;
  return { items: items.map(toProfile), nextCursor };
};
