import { sql } from 'kysely';
import type { Conn } from '../../lib/db.ts';

/**
 * The only code that runs SQL on uploads, and the image side of post removal: which stored post
 * images no live post shows any more.
 */

/** Remembers an uploaded post image, so it is swept when no post ever uses it. */
export const recordUpload = (conn: Conn, ref: string, profileId: number) =>
  conn
    .insertInto('uploads')
    .values({ ref, profile_id: profileId })
    .onConflict((oc) => oc.column('ref').doNothing())
    .execute();

/** Uploads older than `hours` that no post (live or removed) refers to, by ref (after `after`). */
export async function unattachedUploads(
  conn: Conn,
  now: Date,
  hours: number,
  limit: number,
  after: string | null = null,
) {
  const rows = await sql<{ ref: string }>`
    SELECT u.ref FROM uploads u
    WHERE u.created_at < ${now}::timestamptz - make_interval(hours => ${hours})
      AND NOT EXISTS (SELECT 1 FROM post_images i WHERE i.ref = u.ref)
      AND (${after}::text IS NULL OR u.ref > ${after}::text)
    ORDER BY u.ref
    LIMIT ${limit}
  `.execute(conn);
  return rows.rows.map((r) => r.ref);
}

/** Images of removed posts that no live post shows: to be deleted from Storage (by ref, after `after`). */
export async function imagesOfRemovedPosts(conn: Conn, limit: number, after: string | null = null) {
  const rows = await sql<{ ref: string }>`
    SELECT DISTINCT i.ref FROM post_images i JOIN posts p ON p.id = i.post_id
    WHERE p.deleted_at IS NOT NULL
      AND (${after}::text IS NULL OR i.ref > ${after}::text)
      AND NOT EXISTS (
        SELECT 1 FROM post_images j JOIN posts q ON q.id = j.post_id
        WHERE j.ref = i.ref AND q.deleted_at IS NULL
      )
    ORDER BY i.ref
    LIMIT ${limit}
  `.execute(conn);
  return rows.rows.map((r) => r.ref);
}

/** Forgets images whose files were deleted: their upload rows and their places in removed posts. */
export async function forgetImages(conn: Conn, refs: string[]): Promise<void> {
  if (refs.length === 0) return;
  await sql`
    DELETE FROM post_images i USING posts p
    WHERE p.id = i.post_id AND p.deleted_at IS NOT NULL AND i.ref IN (${sql.join(refs)})
  `.execute(conn);
  await conn.deleteFrom('uploads').where('ref', 'in', refs).execute();
}

/** The images of a removed post that no live post shows (deleted right after the author removed it). */
export async function unusedImagesOfPost(conn: Conn, postId: number) {
  const rows = await sql<{ ref: string }>`
    SELECT i.ref FROM post_images i
    WHERE i.post_id = ${postId}
      AND NOT EXISTS (
        SELECT 1 FROM post_images j JOIN posts q ON q.id = j.post_id
        WHERE j.ref = i.ref AND q.deleted_at IS NULL
      )
  `.execute(conn);
  return rows.rows.map((r) => r.ref);
}
