import { type Expression, type SqlBool, sql } from 'kysely';
import type { Conn } from '../lib/db.ts';

/** The only code that runs SQL for the admin's member list and member page (docs/admin.md). */

export type MemberState = 'active' | 'cancelled_running' | 'comp' | 'expired' | 'pending' | 'suspended';
export type MemberSort = 'name' | 'newest';

/**
 * A member's state from what memberships and suspensions say: an open suspension wins, then a running
 * complimentary membership (whatever the paid one says underneath); a cancelled
 * membership runs until expires_at and counts as expired after it (before the daily job marks it).
 */
const stateSql = sql<MemberState>`CASE
  WHEN s.uid IS NOT NULL THEN 'suspended'
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

const base = (conn: Conn) =>
  conn
    .selectFrom('memberships as m')
    .innerJoin('accounts as a', 'a.uid', 'm.uid')
    .leftJoin('profiles as p', (j) => j.onRef('p.uid', '=', 'm.uid').on('p.deleted_at', 'is', null))
    .leftJoin('suspensions as s', (j) => j.onRef('s.uid', '=', 'm.uid').on('s.lifted_at', 'is', null));

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
      ? sql<string>`lower(m.last_name)`
      : sql<string>`to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  const keyB = opts.sort === 'name' ? sql<string>`lower(m.first_name)` : sql<string>`''`;
  let query = base(conn)
    .select([
      'm.uid',
      'm.first_name',
      'm.last_name',
      'a.email',
      'a.role',
      'p.id as profile_id',
      'p.name as profile_name',
      'm.created_at',
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
        eb(sql`m.first_name || ' ' || m.last_name`, 'ilike', like),
        eb('a.email', 'ilike', like),
        eb('p.name', 'ilike', like),
      ]),
    );
  }
  if (opts.state) query = query.where(sql<SqlBool>`${stateSql} = ${opts.state}`);
  const a = opts.after;
  if (opts.sort === 'name') {
    if (a) query = query.where(sql<SqlBool>`(${keyA}, ${keyB}, m.uid) > (${a.a}, ${a.b}, ${a.u})`);
    return query.orderBy(keyA).orderBy(keyB).orderBy('m.uid').execute();
  }
  if (a) query = query.where(sql<SqlBool>`(m.created_at, m.uid) < (${a.a}::timestamptz, ${a.u})`);
  return query.orderBy('m.created_at', 'desc').orderBy('m.uid', 'desc').execute();
}

/** One member's personal details, membership, role and state; undefined without a membership row. */
export const memberDetails = (conn: Conn, uid: string) =>
  base(conn)
    .selectAll('m')
    .select([
      'a.email',
      'a.role',
      'p.id as profile_id',
      'p.name as profile_name',
      stateSql.as('state'),
      's.suspended_until as open_suspension_until',
    ])
    .where('m.uid', '=', uid)
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
