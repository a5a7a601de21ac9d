import { sql } from 'kysely';
import type { Conn } from '../../lib/db.ts';

/** Who removed a post or comment: its author (no reason) or a moderator (with the reason shown to the author). */
export interface Removal {
  byUid: string;
  reason: string | null;
}

/**
 * Soft delete of a post or comment (posts.repo.ts and comments.repo.ts answer for their tables and
 * call this); `reason` is set when a moderator removed it. False when it was already deleted.
 */
export async function softDelete(
  conn: Conn,
  table: 'posts' | 'comments',
  id: number,
  removal: Removal,
): Promise<boolean> {
  const result = await conn
    .updateTable(table)
    .set({ deleted_at: sql<Date>`now()`, deleted_by: removal.byUid, delete_reason: removal.reason })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
