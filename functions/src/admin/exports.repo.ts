import { type SqlBool, sql } from 'kysely';
import { type Conn, timestampText } from '../lib/db.ts';
import { stateSql } from './members.repo.ts';

/**
 * The only code that runs SQL for the CSV exports (docs/admin.md "Exports"). Both read in keyset
 * batches of `batch` rows, each batch one short query on a pooled connection, so an export of any
 * size holds one batch in memory and no connection or transaction open between batches.
 */

export const exportBatchRows = 1000;

/** One batch of members after `afterUid`, in uid order. */
const memberBatch = (conn: Conn, afterUid: string | null, batch: number) => {
  let query = conn
    .selectFrom('memberships as m')
    .innerJoin('accounts as a', 'a.uid', 'm.uid')
    .leftJoin('plans as pl', 'pl.id', 'm.plan_id')
    .leftJoin('suspensions as s', (j) => j.onRef('s.uid', '=', 'm.uid').on('s.lifted_at', 'is', null))
    .select([
      'm.uid',
      'm.first_name',
      'm.last_name',
      'a.email',
      'm.street_name',
      'm.house_number',
      'm.house_number_extension',
      'm.postal_code',
      'm.city',
      'm.country',
      'm.phone_number',
      'm.birthdate',
      'm.subscribed_at',
      'm.expires_at',
      'm.status',
      'm.comp_kind',
      'm.comp_until',
      'pl.name as plan_name',
      'a.role',
      stateSql.as('state'),
    ])
    .orderBy('m.uid')
    .limit(batch);
  if (afterUid !== null) query = query.where('m.uid', '>', afterUid);
  return query.execute();
};

export type ExportMemberRow = Awaited<ReturnType<typeof memberBatch>>[number];

/** Every member (a memberships row), batch after batch. */
export async function* exportMembers(conn: Conn, batch = exportBatchRows): AsyncGenerator<ExportMemberRow> {
  let after: string | null = null;
  for (;;) {
    const rows = await memberBatch(conn, after, batch);
    yield* rows;
    if (rows.length < batch) return;
    after = rows.at(-1)!.uid;
  }
}

/** Where a month ('YYYY-MM') starts in the Netherlands, as an instant. */
const monthStart = (month: string, plus: number) =>
  sql<Date>`((${`${month}-01`}::date + make_interval(months => ${plus}))::timestamp AT TIME ZONE 'Europe/Amsterdam')`;

/** After which document a batch goes on: its issue time (as exact text, microseconds) and number. */
interface DocumentKey {
  at: string;
  number: number;
}

/**
 * One batch of facturen and creditnota's issued in the Dutch calendar month, in issue order (then
 * number), after `after`: keyset on invoices_issued_idx (0022), so each batch reads only its rows.
 */
const documentBatch = (conn: Conn, month: string, after: DocumentKey | null, batch: number) => {
  let query = conn
    .selectFrom('invoices as i')
    .leftJoin('payments as p', 'p.id', 'i.payment_id')
    .leftJoin('memberships as m', 'm.uid', 'i.uid')
    .leftJoin('accounts as a', 'a.uid', 'i.uid')
    .select([
      'i.number',
      'i.kind',
      'i.credits_number',
      'i.issued_at',
      'i.uid',
      'm.first_name',
      'm.last_name',
      'a.email',
      'i.net_cents',
      'i.vat_cents',
      'i.total_cents',
      'i.vat_rate_bp',
      'p.status',
      'p.method',
      'i.payment_id',
      timestampText('i.issued_at').as('key_at'),
    ])
    .where('i.issued_at', '>=', monthStart(month, 0))
    .where('i.issued_at', '<', monthStart(month, 1))
    .orderBy('i.issued_at')
    .orderBy('i.number')
    .limit(batch);
  if (after)
    query = query.where(sql<SqlBool>`(i.issued_at, i.number) > (${after.at}::timestamptz, ${after.number})`);
  return query.execute();
};

export type ExportDocumentRow = Awaited<ReturnType<typeof documentBatch>>[number];

/** The month's facturen and creditnota's in issue order, batch after batch. */
export async function* exportDocuments(
  conn: Conn,
  month: string,
  batch = exportBatchRows,
): AsyncGenerator<ExportDocumentRow> {
  let after: DocumentKey | null = null;
  for (;;) {
    const rows = await documentBatch(conn, month, after, batch);
    yield* rows;
    if (rows.length < batch) return;
    const last = rows.at(-1)!;
    after = { at: last.key_at, number: last.number };
  }
}
