import { type Expression, type SqlBool, sql } from 'kysely';
import { type Conn, timestampText } from '../lib/db.ts';

/** The only code that runs SQL for the admin's member list and member page (docs/admin.md). */

export type MemberState =
  | 'active'
  | 'cancelled_running'
  | 'comp'
  | 'expired'
  | 'pending'
  | 'suspended'
  | 'no_membership';
export type MemberSort = 'name' | 'newest';

/**
 * A member's state from what memberships and suspensions say: an open suspension wins; a moderator or
 * admin who never started a membership is 'no_membership'; then a running complimentary membership
 * (whatever the paid one says underneath); a cancelled membership runs until expires_at and counts as
 * expired after it (before the daily job marks it). Reads the aliases `m` (memberships) and `s` (the
 * open suspension); the members list and the members CSV share it.
 */
export const stateSql = sql<MemberState>`CASE
  WHEN s.uid IS NOT NULL THEN 'suspended'
  WHEN m.uid IS NULL THEN 'no_membership'
  WHEN m.comp_kind IS NOT NULL THEN 'comp'
  WHEN m.status = 'pending' THEN 'pending'
  WHEN m.status = 'active' THEN 'active'
  WHEN m.status = 'canceled' AND m.expires_at > now() THEN 'cancelled_running'
  ELSE 'expired' END`;

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface MemberListKey {
  /** name: lower(last name) and lower(first name); newest: the membership's created_at as text. */
  a: string;
  b: string;
  u: string;
}

/** When the person joined: the membership row, else (staff without one) the account. */
const since = sql<Date>`coalesce(m.created_at, a.created_at)`;

/** Everyone with a membership row, and moderators and admins without one (they never paid). */
const base = (conn: Conn) =>
  conn
    .selectFrom('accounts as a')
    .leftJoin('memberships as m', 'm.uid', 'a.uid')
    .leftJoin('profiles as p', (j) => j.onRef('p.uid', '=', 'a.uid').on('p.deleted_at', 'is', null))
    .leftJoin('suspensions as s', (j) => j.onRef('s.uid', '=', 'a.uid').on('s.lifted_at', 'is', null))
    .where((eb) => eb.or([eb('m.uid', 'is not', null), eb('a.role', '>=', 2)]));

/** Members matching the search and state, sorted, one keyset page (`limit` rows). */
export async function listMembers(
  conn: Conn,
  opts: {
    q: string;
    state: MemberState | null;
    sort: MemberSort;
    after: MemberListKey | null;
    limit: number;
  },
) {
  const keyA =
    opts.sort === 'name'
      ? sql<string>`lower(coalesce(m.last_name, p.name, a.email, ''))`
      : timestampText(since);
  const keyB = opts.sort === 'name' ? sql<string>`lower(coalesce(m.first_name, ''))` : sql<string>`''`;
  let query = base(conn)
    .select([
      'a.uid',
      sql<string>`coalesce(m.first_name, '')`.as('first_name'),
      sql<string>`coalesce(m.last_name, '')`.as('last_name'),
      'a.email',
      'a.role',
      'p.id as profile_id',
      'p.name as profile_name',
      since.as('created_at'),
      'm.expires_at',
      'm.comp_kind',
      'm.comp_until',
      stateSql.as('state'),
      keyA.as('key_a'),
      keyB.as('key_b'),
    ])
    .limit(opts.limit);
  if (opts.q !== '') {
    const like = likePattern(opts.q);
    query = query.where((eb) =>
      eb.or([
        eb(sql`coalesce(m.first_name || ' ' || m.last_name, '')`, 'ilike', like),
        eb('a.email', 'ilike', like),
        eb('p.name', 'ilike', like),
      ]),
    );
  }
  if (opts.state) query = query.where(sql<SqlBool>`${stateSql} = ${opts.state}`);
  const a = opts.after;
  if (opts.sort === 'name') {
    if (a) query = query.where(sql<SqlBool>`(${keyA}, ${keyB}, a.uid) > (${a.a}, ${a.b}, ${a.u})`);
    return query.orderBy(keyA).orderBy(keyB).orderBy('a.uid').execute();
  }
  if (a) query = query.where(sql<SqlBool>`(${since}, a.uid) < (${a.a}::timestamptz, ${a.u})`);
  return query.orderBy(since, 'desc').orderBy('a.uid', 'desc').execute();
}

/** One member's personal details, membership, role and state; undefined when not listed (base). */
export const memberDetails = (conn: Conn, uid: string) =>
  base(conn)
    .selectAll('m')
    .select([
      'a.uid as account_uid',
      since.as('since'),
      'a.email',
      'a.role',
      'p.id as profile_id',
      'p.name as profile_name',
      stateSql.as('state'),
      's.suspended_until as open_suspension_until',
    ])
    .where('a.uid', '=', uid)
    .executeTakeFirst();

/** Every suspension of the member (open and lifted), newest first. */
export const memberSuspensions = (conn: Conn, uid: string) =>
  conn
    .selectFrom('suspensions')
    .select(['suspended_until', 'reason', 'created_at', 'lifted_at'])
    .where('uid', '=', uid)
    .orderBy('created_at', 'desc')
    .execute();

/** Reports about the member's posts, comments, messages and profile, newest first (at most 50). */
export async function memberReports(conn: Conn, profileId: number) {
  const about: Expression<SqlBool> = sql<SqlBool>`(
    (r.item_kind = 'profile' AND r.item_id = ${profileId})
    OR (r.item_kind = 'post' AND r.item_id IN (SELECT id FROM posts WHERE author_id = ${profileId}))
    OR (r.item_kind = 'comment' AND r.item_id IN (SELECT id FROM comments WHERE author_id = ${profileId}))
    OR (r.item_kind = 'message' AND r.item_id IN (SELECT id FROM messages WHERE from_user_id = ${profileId})))`;
  return conn
    .selectFrom('reports as r')
    .select(['r.id', 'r.item_kind', 'r.item_id', 'r.reason', 'r.created_at', 'r.resolved_at', 'r.resolution'])
    .where(about)
    .orderBy('r.created_at', 'desc')
    .limit(50)
    .execute();
}

/** The admins' account rows, locked until the transaction ends (the last-admin check). */
export const lockAdmins = (conn: Conn) =>
  conn.selectFrom('accounts').select('uid').where('role', '=', 3).forUpdate().execute();

/** Display names for log lines: the membership's full name, else the profile name, else the address. */
export async function displayNames(conn: Conn, uids: readonly string[]): Promise<Map<string, string>> {
  if (uids.length === 0) return new Map();
  const rows = await conn
    .selectFrom('accounts as a')
    .leftJoin('memberships as m', 'm.uid', 'a.uid')
    .leftJoin('profiles as p', (j) => j.onRef('p.uid', '=', 'a.uid').on('p.deleted_at', 'is', null))
    .select(['a.uid', 'a.email', 'm.first_name', 'm.last_name', 'p.name'])
    .where('a.uid', 'in', uids)
    .execute();
  return new Map(
    rows.map((r) => [r.uid, r.first_name ? `${r.first_name} ${r.last_name}` : (r.name ?? r.email ?? r.uid)]),
  );
}
