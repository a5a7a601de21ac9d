import { type Kysely, sql } from 'kysely';

/**
 * Issue 25, exports (docs/admin.md "Exports" and "The admin log"): admin_log gets the export entries
 * (EXPORT_MEMBERS, EXPORT_PAYMENTS). The list of allowed actions in 0017's CHECK is replaced by a check
 * of their form (capitals and '_'): several branches add actions to this one log at the same time
 * (refunds, complimentary memberships, exports), and a CHECK re-listing every action in each of their
 * migrations would let the last one applied drop the others'. The TypeScript union in db/schema.ts
 * (AdminLogTable.action) is the list; admin-log.repo.ts is the only writer.
 * invoices_issued_idx: the payments export reads one month's documents in issue order, in keyset
 * batches (admin/exports.repo.ts); without it each batch scanned every earlier invoice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE admin_log DROP CONSTRAINT IF EXISTS admin_log_action_check;
    ALTER TABLE admin_log ADD CONSTRAINT admin_log_action_form CHECK (action ~ '^[A-Z][A-Z_]{1,49}$');
    CREATE INDEX invoices_issued_idx ON invoices (issued_at, number);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX invoices_issued_idx;
    ALTER TABLE admin_log DROP CONSTRAINT admin_log_action_form;
    DELETE FROM admin_log WHERE action <> 'CHANGE_ROLE';
    ALTER TABLE admin_log ADD CONSTRAINT admin_log_action_check CHECK (action IN ('CHANGE_ROLE'));
  `.execute(db);
}
