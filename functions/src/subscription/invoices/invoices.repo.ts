import { type Insertable, type Selectable, sql } from 'kysely';
import type { InvoicesTable } from '../../db/schema.ts';
import type { Conn, Tx } from '../../lib/db.ts';

/** The only code that runs SQL on invoices and invoice_counter. */
export type InvoiceRow = Selectable<InvoicesTable>;
export type InvoiceSummary = Omit<InvoiceRow, 'pdf'>;

/**
 * The next number of the one gapless sequence of facturen and creditnota's. The counter row stays
 * locked until the caller's transaction ends: a rollback gives the number back, so no number is ever
 * skipped, and concurrent issuers wait their turn (an issue takes milliseconds).
 */
export async function nextDocumentNumber(tx: Tx): Promise<number> {
  const row = await tx
    .updateTable('invoice_counter')
    .set({ last_number: sql<number>`last_number + 1` })
    .where('id', '=', true)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

export const insertDocument = (tx: Tx, values: Insertable<InvoicesTable>) =>
  tx.insertInto('invoices').values(values).execute();

const summaryColumns = [
  'number',
  'kind',
  'uid',
  'payment_id',
  'credits_number',
  'issued_at',
  'total_cents',
  'net_cents',
  'vat_cents',
  'vat_rate_bp',
  'vat_exemption',
  'currency',
  'sha256',
] as const;

/** The documents issued for one payment, oldest first. */
export const documentsOfPayment = (conn: Conn, paymentId: string): Promise<InvoiceSummary[]> =>
  conn
    .selectFrom('invoices')
    .select(summaryColumns)
    .where('payment_id', '=', paymentId)
    .orderBy('number')
    .execute();

/** Every document of the member, oldest first (payment history, GDPR export). */
export const documentsOfMember = (conn: Conn, uid: string): Promise<InvoiceSummary[]> =>
  conn.selectFrom('invoices').select(summaryColumns).where('uid', '=', uid).orderBy('number').execute();

/** One document with its PDF, only when it is the member's own. */
export const findOwnDocument = (conn: Conn, uid: string, number: number): Promise<InvoiceRow | undefined> =>
  conn
    .selectFrom('invoices')
    .selectAll()
    .where('number', '=', number)
    .where('uid', '=', uid)
    .executeTakeFirst();

/** Every document of the member with its PDF (GDPR export). */
export const documentsWithPdfOfMember = (conn: Conn, uid: string): Promise<InvoiceRow[]> =>
  conn.selectFrom('invoices').selectAll().where('uid', '=', uid).orderBy('number').execute();
