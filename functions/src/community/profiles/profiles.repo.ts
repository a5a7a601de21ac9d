import type { Profile, ProfileSummary, Role } from '@kring/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import { forgetCaller } from '../../accounts/caller-cache.ts';
import type { Database } from '../../db/schema.ts';
import type { Conn } from '../../lib/db.ts';
import { publicFileUrl } from '../../lib/firebase.ts';

/** The only code that runs SQL on profiles (accounts are in accounts/accounts.repo.ts). */

export const profileColumns = [
  'profiles.id',
  'profiles.name',
  'profiles.occupation',
  'profiles.bio',
  'profiles.karma_points',
  'profiles.avatar_ref',
  'profiles.created_at',
  'profiles.updated_at',
  'accounts.role',
] as const;

export type ProfileRow = {
  id: number;
  name: string;
  occupation: string;
  bio: string;
  karma_points: number;
  avatar_ref: string | null;
  created_at: Date;
  updated_at: Date;
  role: number;
};

/** Live profiles only: a deleted member's tombstone is nobody's profile (no page, no chat). */
const profiles = (conn: Conn) =>
  conn
    .selectFrom('profiles')
    .innerJoin('accounts', 'accounts.uid', 'profiles.uid')
    .select(profileColumns)
    .where('profiles.deleted_at', 'is', null);

/**
 * The name a deleted member's tombstone profile carries: unique (names are), and impossible for a
 * member to choose (a user name has no spaces), so every author summary can recognise it without
 * another column in each query. Shown as `deletedMemberName`.
 */
export const tombstoneName = (profileId: number) => `Verwijderd lid ${profileId}`;
const tombstonePattern = /^Verwijderd lid [0-9]+$/;
export const deletedMemberName = 'Verwijderd lid';

export const findProfileByUid = (conn: Conn, uid: string): Promise<ProfileRow | undefined> =>
  profiles(conn).where('profiles.uid', '=', uid).executeTakeFirst();

export const findProfileById = (conn: Conn, id: number): Promise<ProfileRow | undefined> =>
  profiles(conn).where('profiles.id', '=', id).executeTakeFirst();

/** Whether a name is taken by someone else, ignoring case. */
export async function isNameTaken(conn: Conn, name: string, exceptUid?: string): Promise<boolean> {
  let query = conn
    .selectFrom('profiles')
    .select('id')
    .where((eb: ExpressionBuilder<Database, 'profiles'>) =>
      eb(eb.fn('lower', ['name']), '=', name.toLowerCase()),
    );
  if (exceptUid) query = query.where('uid', '!=', exceptUid);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertProfile(
  conn: Conn,
  uid: string,
  fields: { name: string; occupation: string; bio: string },
) {
  forgetCaller(uid);
  const { id } = await conn
    .insertInto('profiles')
    .values({ uid, ...fields })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateProfileFields(
  conn: Conn,
  uid: string,
  fields: { name: string; occupation: string; bio: string },
) {
  await conn
    .updateTable('profiles')
    .set({ ...fields, updated_at: sql<Date>`now()` })
    .where('uid', '=', uid)
    .execute();
}

/** An author summary's columns as `selectAuthorSummary` gives them, read by `toProfileSummary`. */
export interface AuthorSummaryRow {
  id: number;
  name: string;
  karma_points: number;
  avatar_ref: string | null;
  role: number;
  /** For the moderation queue (whom to suspend); never shown. */
  uid: string;
}

const authorSummaryOf = (profileId: string) =>
  sql`(SELECT json_build_object('id', summary_profile.id, 'name', summary_profile.name,
      'karma_points', summary_profile.karma_points, 'avatar_ref', summary_profile.avatar_ref,
      'role', summary_account.role, 'uid', summary_profile.uid)
    FROM profiles summary_profile JOIN accounts summary_account ON summary_account.uid = summary_profile.uid
    WHERE summary_profile.id = ${sql.ref(profileId)})`;

/**
 * The author summary (name, avatar, role, deleted) of the profile whose id is in the column
 * `profileId` ('posts.author_id'), as one column named `as`: the one fragment every repo that shows
 * an author selects, in a query builder's select or in raw SQL (`sql.join`), read back with
 * `toProfileSummary(row[as])`. A tombstone reads as "Verwijderd lid" there.
 */
export const selectAuthorSummary = <A extends string>(profileId: string, as: A) =>
  authorSummaryOf(profileId).$castTo<AuthorSummaryRow>().as(as);

/** `selectAuthorSummary` for a column that may be null (a kept message whose recipient is gone). */
export const selectOptionalAuthorSummary = <A extends string>(profileId: string, as: A) =>
  authorSummaryOf(profileId).$castTo<AuthorSummaryRow | null>().as(as);

export const toProfileSummary = (
  row: Pick<ProfileRow, 'id' | 'name' | 'role' | 'karma_points' | 'avatar_ref'>,
): ProfileSummary =>
  tombstonePattern.test(row.name)
    ? { id: row.id, name: deletedMemberName, role: 0, karmaPoints: 0, avatarUrl: null, deleted: true }
    : {
        id: row.id,
        name: row.name,
        role: row.role as Role,
        karmaPoints: row.karma_points,
        avatarUrl: row.avatar_ref ? publicFileUrl(row.avatar_ref) : null,
      };

export const toProfile = (row: ProfileRow): Profile => ({
  ...toProfileSummary(row),
  occupation: row.occupation,
  bio: row.bio,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/**
 * Points a profile at its new avatar and answers the one it replaces (null: none), so the caller can
 * delete that file; updated_at moves so clients can tell the picture changed. The row lock makes two
 * uploads at once each answer what they really replaced.
 */
export async function setAvatarRef(conn: Conn, profileId: number, ref: string): Promise<string | null> {
  const { rows } = await sql<{ previous: string | null }>`
    WITH old AS (SELECT id, avatar_ref FROM profiles WHERE id = ${profileId} FOR UPDATE)
    UPDATE profiles p SET avatar_ref = ${ref}, updated_at = now()
    FROM old WHERE p.id = old.id
    RETURNING old.avatar_ref AS previous
  `.execute(conn);
  return rows[0]?.previous ?? null;
}

/** Moves a profile's avatar ref from `from` to `to` only if it still is `from` (the path migration). */
export async function moveAvatarRef(
  conn: Conn,
  profileId: number,
  from: string,
  to: string | null,
): Promise<boolean> {
  const result = await conn
    .updateTable('profiles')
    .set({ avatar_ref: to })
    .where('id', '=', profileId)
    .where('avatar_ref', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether any profile shows this file as its avatar. */
export async function avatarRefInUse(conn: Conn, ref: string): Promise<boolean> {
  const row = await conn.selectFrom('profiles').select('id').where('avatar_ref', '=', ref).executeTakeFirst();
  return row !== undefined;
}

/** Profiles whose avatar ref is in the old, guessable form (community/profile/{id}/avatar.png), by id. */
export const profilesWithLegacyAvatar = (conn: Conn, afterId: number, limit: number) =>
  conn
    .selectFrom('profiles')
    .select(['id', 'avatar_ref'])
    .where(sql<boolean>`avatar_ref ~ '^community/profile/[0-9]+/avatar\.png$'`)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
