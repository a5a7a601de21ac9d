import { type listTopicsByPostCount, topicId } from '@kring/contract';
import { z } from 'zod';
import type { Handler } from '../../lib/handler.ts';
import { decodeCursor, encodeCursor, int4 } from '../shared/cursor.ts';
import { listByPostCount } from './topics.repo.ts';

const postCountCursor = z.object({ n: int4, i: topicId });

/** Topics with the most posts first (ties by id), `limit` per page, keyset on (post_count, id). */
export const listTopicsByPostCountHandler: Handler<typeof listTopicsByPostCount> = async (
  { db },
  { limit, cursor },
) => {
  const after = cursor === null ? null : decodeCursor(cursor, postCountCursor);
  const rows = await listByPostCount(db, {
    after: after && { postCount: after.n, id: after.i },
    limit: limit + 1,
  });
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeCursor({ n: last.postCount, i: last.id }) : null,
  };
};
