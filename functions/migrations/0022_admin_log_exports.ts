import { type Kysely, sql } from 'kysely';

/**
 * Issue 25, exports and one admin log (docs/admin.md "The admin log" and "Exports"):
 * - admin_log takes every moderation action too: the rows of moderation_log are copied into it (actor,
 *   action, member, reason, time; post, comment, reported item and suspension end as `details`, with
 *   the keys the union of 0017 showed) and moderation_log is emptied. Its writer (logAction) now
 *   writes admin_log, so there is one append-only table, one writer module and no union to keep in
 *   step. The empty table stays for now, so older migrations' `down` still work; a later migration
 *   can drop it. A pin has no reason: admin_log.reason may be null (admin actions still require one,
 *   checked by their contracts).
 * - The list of allowed actions in 0017's CHECK becomes a check of their form (capitals and '_'):
 *   several branches add actions to this log at the same time (refunds, complimentary memberships,
 *   exports), and a CHECK re-listing every action in each of their migrations would let the last one
 *   applied drop the others'. The TypeScript union AdminLogTable.action (db/schema.ts) is the list.
 * - invoices_issued_idx: the payments export reads one month's documents in issue order, in keyset
 *   batches (admin/exports.repo.ts); without it each batch scanned every earlier invoice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE admin_log DROP CONSTRAINT IF EXISTS admin_log_action_check;
    ALTER TABLE admin_log ADD CONSTRAINT admin_log_action_form CHECK (action ~ '^[A-Z][A-Z_]{1,49}$');
    ALTER TABLE admin_log ALTER COLUMN reason DROP NOT NULL;
    INSERT INTO admin_log (actor_uid, action, subject_uid, reason, details, created_at)
      SELECT moderator_uid, action, subject_uid, reason,
             jsonb_strip_nulls(jsonb_build_object('postId', post_id, 'commentId', comment_id,
               'itemKind', item_kind, 'itemId', item_id, 'suspendedUntil', suspended_until)),
             created_at
        FROM moderation_log ORDER BY created_at, id;
    DELETE FROM moderation_log;
    CREATE INDEX admin_log_moderation_idx ON admin_log (id DESC)
      WHERE action IN ('PIN_POST', 'UNPIN_POST', 'DELETE_POST', 'DELETE_COMMENT', 'DISMISS_REPORTS', 'SUSPEND_MEMBER');
    CREATE INDEX invoices_issued_idx ON invoices (issued_at, number);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX invoices_issued_idx;
    DROP INDEX admin_log_moderation_idx;
    INSERT INTO moderation_log (moderator_uid, action, post_id, comment_id, reason, item_kind, item_id,
        subject_uid, suspended_until, created_at)
      SELECT actor_uid, action, (details->>'postId')::bigint, (details->>'commentId')::bigint, reason,
             details->>'itemKind', (details->>'itemId')::bigint, subject_uid,
             (details->>'suspendedUntil')::timestamptz, created_at
        FROM admin_log
       WHERE action IN ('PIN_POST', 'UNPIN_POST', 'DELETE_POST', 'DELETE_COMMENT', 'DISMISS_REPORTS', 'SUSPEND_MEMBER')
       ORDER BY id;
    DELETE FROM admin_log
     WHERE action IN ('PIN_POST', 'UNPIN_POST', 'DELETE_POST', 'DELETE_COMMENT', 'DISMISS_REPORTS', 'SUSPEND_MEMBER',
                      'EXPORT_MEMBERS', 'EXPORT_PAYMENTS');
    ALTER TABLE admin_log ALTER COLUMN reason SET NOT NULL;
    ALTER TABLE admin_log DROP CONSTRAINT admin_log_action_form;
  `.execute(db);
  // Only what 0022 brought in goes: the refunds and comp memberships logged under 0020/0021 (applied,
  // unordered, before or after this one) stay, and their actions stay allowed. The list is 0017's
  // action, those of 0020/0021 (an action of a migration not applied is harmless in the list, and its
  // `up` adds it without a duplicate) and any other action still in the table (a later branch's).
  const { rows } = await sql<{ action: string }>`SELECT DISTINCT action FROM admin_log`.execute(db);
  const actions = [...new Set([...preExportActions, ...rows.map((r) => r.action)])];
  await sql`ALTER TABLE admin_log ADD CONSTRAINT admin_log_action_check
    CHECK (action IN (${sql.join(actions.map((a) => sql.lit(a)))}))`.execute(db);
}

/** The admin actions allowed before 0022: 0017's role change, 0020's refunds, 0021's comp memberships. */
const preExportActions = ['CHANGE_ROLE', 'REFUND_PAYMENT', 'RESEND_RECEIPT', 'GRANT_COMP', 'END_COMP'];
