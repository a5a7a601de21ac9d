import { type Kysely, sql } from 'kysely';

/**
 * The admin overview's history cache (docs/admin.md "Overview", docs/benchmarks.md "Admin cockpit"):
 * `overview_version.n` goes up, in the same transaction, with every change to what the closed months
 * of the paying-members history read: a payment row's uid, status, amount_mismatch, purpose, paid_at,
 * reversed_at, period or amount_value (inserted, changed or deleted, cascades included), and a
 * membership's uid, subscribed_at, canceled_at or subscription_stopped_at. The overview keeps the 11
 * closed months per function instance under this number and recomputes them when it changed, so the
 * cache is never behind a committed change. Deferred row triggers (WHEN: only rows whose watched
 * columns change; a payment created open or a status check, `checked_at`, fires none) that bump once per
 * transaction, at its commit: the one counter row is locked only for the moment between a changing
 * transaction's commit-time triggers and its commit, after every other lock it takes, so two writers
 * cannot deadlock on it, and a bulk insert bumps once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE overview_version (
      id int PRIMARY KEY CHECK (id = 1),
      n bigint NOT NULL
    );
    INSERT INTO overview_version (id, n) VALUES (1, 0);
    -- Once per transaction, at its commit: later rows of the same transaction return at once.
    CREATE FUNCTION overview_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_LEVEL = 'ROW' AND current_setting('kring.overview_bumped', true) = txid_current()::text THEN
        RETURN NULL;
      END IF;
      UPDATE overview_version SET n = n + 1 WHERE id = 1;
      PERFORM set_config('kring.overview_bumped', txid_current()::text, true);
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER payments_overview_insert AFTER INSERT ON payments
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
      WHEN (NEW.paid_at IS NOT NULL OR NEW.status = 'paid') EXECUTE FUNCTION overview_version_bump();
    CREATE CONSTRAINT TRIGGER payments_overview_delete AFTER DELETE ON payments
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
      WHEN (OLD.paid_at IS NOT NULL OR OLD.status = 'paid') EXECUTE FUNCTION overview_version_bump();
    CREATE CONSTRAINT TRIGGER payments_overview_update AFTER UPDATE ON payments
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
      WHEN ((OLD.uid, OLD.status, OLD.amount_mismatch, OLD.purpose, OLD.paid_at, OLD.reversed_at, OLD.period, OLD.amount_value)
        IS DISTINCT FROM (NEW.uid, NEW.status, NEW.amount_mismatch, NEW.purpose, NEW.paid_at, NEW.reversed_at, NEW.period, NEW.amount_value))
      EXECUTE FUNCTION overview_version_bump();
    CREATE CONSTRAINT TRIGGER memberships_overview_insert AFTER INSERT ON memberships
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
      WHEN (NEW.canceled_at IS NOT NULL OR NEW.subscription_stopped_at IS NOT NULL)
      EXECUTE FUNCTION overview_version_bump();
    CREATE CONSTRAINT TRIGGER memberships_overview_delete AFTER DELETE ON memberships
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
      WHEN (OLD.canceled_at IS NOT NULL OR OLD.subscription_stopped_at IS NOT NULL)
      EXECUTE FUNCTION overview_version_bump();
    CREATE CONSTRAINT TRIGGER memberships_overview_update AFTER UPDATE ON memberships
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
      WHEN ((OLD.uid, OLD.subscribed_at, OLD.canceled_at, OLD.subscription_stopped_at) IS DISTINCT FROM (NEW.uid, NEW.subscribed_at, NEW.canceled_at, NEW.subscription_stopped_at))
      EXECUTE FUNCTION overview_version_bump();
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
    DROP TABLE overview_version;
  `.execute(db);
}
