import { type Kysely, sql } from 'kysely';

/**
 * Plans, prices and invoices (issue 24, part A; docs/payments.md "Plans" and "Invoices"). Money is
 * integer cents in every new column.
 * - plans: what a member can choose (seeded 'Maandelijks' EUR 9,95 / 1 month and 'Jaarlijks' EUR 99 /
 *   12 months), each with a VAT rate in basis points (2100 = 21%) or an exemption with its legal ground;
 * - memberships.plan_id / price_cents: the plan the member chose and the price their subscription
 *   charges (a later price change of the plan does not touch it);
 * - payments.plan_id: the plan a payment paid for (description and VAT on its invoice); payments.method:
 *   Mollie's payment method (ideal, directdebit, ...), shown in the member's payment history;
 * - invoice_counter + invoices: facturen and creditnota's with one gapless number sequence (the counter
 *   row is bumped in the same transaction as the insert, so a rollback leaves no gap), the issued PDF
 *   kept as bytes with its sha256 (never regenerated). No foreign keys to accounts or payments: an
 *   issued invoice is kept for the fiscal retention period (7 years) even after account deletion;
 * - price_notices: the 30-day notice of a price change, recorded per member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE plans (
      id text PRIMARY KEY,
      name text NOT NULL,
      interval text NOT NULL,
      price_cents integer NOT NULL CHECK (price_cents > 0),
      currency text NOT NULL DEFAULT 'EUR',
      vat_rate_bp integer CHECK (vat_rate_bp BETWEEN 0 AND 10000),
      vat_exemption text,
      active boolean NOT NULL DEFAULT true,
      sort_order integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT plans_vat_check CHECK ((vat_rate_bp IS NULL) <> (vat_exemption IS NULL))
    );
    INSERT INTO plans (id, name, interval, price_cents, vat_rate_bp, sort_order) VALUES
      ('maandelijks', 'Maandelijks', '1 month', 995, 2100, 1),
      ('jaarlijks', 'Jaarlijks', '12 months', 9900, 2100, 2);

    ALTER TABLE memberships
      ADD COLUMN plan_id text REFERENCES plans (id),
      ADD COLUMN price_cents integer;
    ALTER TABLE payments ADD COLUMN plan_id text REFERENCES plans (id), ADD COLUMN method text;

    CREATE TABLE invoice_counter (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      last_number bigint NOT NULL DEFAULT 0
    );
    INSERT INTO invoice_counter DEFAULT VALUES;

    CREATE TABLE invoices (
      number bigint PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
      uid text NOT NULL,
      payment_id text NOT NULL,
      credits_number bigint REFERENCES invoices (number),
      issued_at timestamptz NOT NULL,
      total_cents integer NOT NULL,
      net_cents integer NOT NULL,
      vat_cents integer NOT NULL,
      vat_rate_bp integer,
      vat_exemption text,
      currency text NOT NULL,
      pdf bytea NOT NULL,
      sha256 text NOT NULL,
      CONSTRAINT invoices_credit_check CHECK ((kind = 'credit_note') = (credits_number IS NOT NULL))
    );
    CREATE UNIQUE INDEX invoices_one_per_payment ON invoices (payment_id) WHERE kind = 'invoice';
    CREATE INDEX invoices_uid_idx ON invoices (uid, number);

    CREATE TABLE price_notices (
      id bigserial PRIMARY KEY,
      uid text NOT NULL REFERENCES accounts (uid) ON DELETE CASCADE,
      plan_id text NOT NULL REFERENCES plans (id),
      old_price_cents integer NOT NULL,
      new_price_cents integer NOT NULL,
      noticed_at timestamptz NOT NULL DEFAULT now(),
      effective_from timestamptz NOT NULL,
      mailed_at timestamptz,
      applied_at timestamptz,
      CONSTRAINT price_notices_30_days CHECK (effective_from >= noticed_at + interval '30 days')
    );
    CREATE INDEX price_notices_uid_idx ON price_notices (uid, effective_from);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE price_notices;
    DROP TABLE invoices;
    DROP TABLE invoice_counter;
    ALTER TABLE payments DROP COLUMN method, DROP COLUMN plan_id;
    ALTER TABLE memberships DROP COLUMN price_cents, DROP COLUMN plan_id;
    DROP TABLE plans;
  `.execute(db);
}
