import type { AdminLogEntry } from '@kring/contract';
import type { Conn } from '../lib/db.ts';
import { type CombinedLogRow, moderationActions, systemActions } from './admin-log.repo.ts';
import { displayNames } from './members.repo.ts';

/** Log rows as the pages show them, with the actor's and the member's names ('Verwijderd lid' when gone). */
export async function toLogEntries(conn: Conn, rows: readonly CombinedLogRow[]): Promise<AdminLogEntry[]> {
  const uids = new Set<string>();
  for (const r of rows) {
    if (r.actor_uid) uids.add(r.actor_uid);
    if (r.subject_uid) uids.add(r.subject_uid);
  }
  const names = await displayNames(conn, [...uids]);
  const nameOf = (uid: string | null) => (uid === null ? null : (names.get(uid) ?? 'Verwijderd lid'));
  return rows.map((r) => ({
    id: `${r.source}${r.id}`,
    // One table since 0022: a moderator's action is told apart by its name.
    source: (moderationActions as readonly string[]).includes(r.action) ? 'moderation' : 'admin',
    action: r.action,
    actorName:
      r.actor_uid !== null
        ? nameOf(r.actor_uid)
        : (systemActions as readonly string[]).includes(r.action)
          ? 'Kring (automatisch)'
          : 'Verwijderd lid',
    subjectUid: r.subject_uid,
    subjectName: nameOf(r.subject_uid),
    reason: r.reason,
    details: r.details,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
