import { type Kysely, sql } from 'kysely';

/**
 * The admin overview's history cache (docs/admin.md "Overview", docs/benchmarks.md "Admin cockpit"):
 * `overview_version.n` goes up, in the same transaction, with every change to what the closed months
 * of the paying-members history read: a payment row's uid, status, amount_mismatch, purpose, paid_at,
 * reversed_at, period or amount_value (inserted, changed or deleted, cascades included), and a
 * membership's uid, subscribed_at, canceled_at or subscription_stopped_at. The overview keeps the 11
 * closed months per function instance under this number and recomputes them when it changed, so the
 * cache is never behind a committed change. Statement triggers with transition tables: one bump per
 * statement that changes any of those columns (a bulk import bumps once), none for a payment created
 * open or a status check (checked_at), so the one counter row is locked only by the few transactions
 * that change the history. Updates pair old and new rows by key (payments.id, memberships.uid; no
 * code changes either key).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE overview_version (
      id int PRIMARY KEY CHECK (id = 1),
      n bigint NOT NULL
    );
    INSERT INTO overview_version (id, n) VALUES (1, 0);
    CREATE FUNCTION overview_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE overview_version SET n = n + 1 WHERE id = 1;
      RETURN NULL;
    END $$;
    CREATE FUNCTION overview_version_payments() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE changed boolean;
    BEGIN
      -- One branch per operation: a statement may only name the transition tables its trigger has.
      IF TG_OP = 'INSERT' THEN
        changed := EXISTS (SELECT 1 FROM new_rows WHERE paid_at IS NOT NULL OR status = 'paid');
      ELSIF TG_OP = 'DELETE' THEN
        changed := EXISTS (SELECT 1 FROM old_rows WHERE paid_at IS NOT NULL OR status = 'paid');
      ELSE
        changed := EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n USING (id)
          WHERE (o.uid, o.status, o.amount_mismatch, o.purpose, o.paid_at, o.reversed_at, o.period, o.amount_value)
            IS DISTINCT FROM (n.uid, n.status, n.amount_mismatch, n.purpose, n.paid_at, n.reversed_at, n.period, n.amount_value));
      END IF;
      IF changed THEN
        UPDATE overview_version SET n = n + 1 WHERE id = 1;
      END IF;
      RETURN NULL;
    END $$;
    CREATE FUNCTION overview_version_memberships() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE changed boolean;
    BEGIN
      -- One branch per operation: a statement may only name the transition tables its trigger has.
      IF TG_OP = 'INSERT' THEN
        changed := EXISTS (SELECT 1 FROM new_rows WHERE canceled_at IS NOT NULL OR subscription_stopped_at IS NOT NULL);
      ELSIF TG_OP = 'DELETE' THEN
        changed := EXISTS (SELECT 1 FROM old_rows WHERE canceled_at IS NOT NULL OR subscription_stopped_at IS NOT NULL);
      ELSE
        changed := EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n USING (uid)
          WHERE (o.subscribed_at, o.canceled_at, o.subscription_stopped_at)
            IS DISTINCT FROM (n.subscribed_at, n.canceled_at, n.subscription_stopped_at));
      END IF;
      IF changed THEN
        UPDATE overview_version SET n = n + 1 WHERE id = 1;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER payments_overview_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION overview_version_payments();
    CREATE TRIGGER payments_overview_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION overview_version_payments();
    CREATE TRIGGER payments_overview_update AFTER UPDATE ON payments
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION overview_version_payments();
    CREATE TRIGGER memberships_overview_insert AFTER INSERT ON memberships REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION overview_version_memberships();
    CREATE TRIGGER memberships_overview_delete AFTER DELETE ON memberships REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION overview_version_memberships();
    CREATE TRIGGER memberships_overview_update AFTER UPDATE ON memberships
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION overview_version_memberships();
    CREATE TRIGGER payments_overview_truncate AFTER TRUNCATE ON payments
      FOR EACH STATEMENT EXECUTE FUNCTION overview_version_bump();
    CREATE TRIGGER memberships_overview_truncate AFTER TRUNCATE ON memberships
      FOR EACH STATEMENT EXECUTE FUNCTION overview_version_bump();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER payments_overview_insert ON payments;
    DROP TRIGGER payments_overview_delete ON payments;
    DROP TRIGGER payments_overview_update ON payments;
    DROP TRIGGER payments_overview_truncate ON payments;
    DROP TRIGGER memberships_overview_insert ON memberships;
    DROP TRIGGER memberships_overview_delete ON memberships;
    DROP TRIGGER memberships_overview_update ON memberships;
    DROP TRIGGER memberships_overview_truncate ON memberships;
    DROP FUNCTION overview_version_bump();
    DROP FUNCTION overview_version_payments();
    DROP FUNCTION overview_version_memberships();
    DROP TABLE overview_version;
  `.execute(db);
}
