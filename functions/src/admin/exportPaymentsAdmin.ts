import type { exportPaymentsAdmin } from '@kring/contract';
import type { Handler } from '../lib/handler.ts';
import { documentNumber, documentTitle } from '../subscription/invoices/money.ts';
import { appendAdminLog } from './admin-log.repo.ts';
import { type Cell, csvDownload } from './csv.ts';
import { type ExportDocumentRow, exportDocuments } from './exports.repo.ts';

/** The bookkeeper's columns: one row per factuur or creditnota (negative amounts) issued in the month. */
export const paymentColumns = [
  'Nummer',
  'Soort',
  'Corrigeert',
  'Datum',
  'Lid-id',
  'Naam',
  'E-mailadres',
  'Bedrag excl. btw',
  'Btw',
  'Totaal',
  'Btw-tarief',
  'Betaalstatus',
  'Betaalmethode',
  'Mollie-id',
] as const;

const vatRate = (bp: number | null) => (bp === null ? 'vrijgesteld' : `${bp / 100}%`.replace('.', ','));
const fullName = (r: ExportDocumentRow) =>
  r.first_name === null ? '' : `${r.first_name} ${r.last_name ?? ''}`.trim();

const documentCells = (r: ExportDocumentRow): Cell[] => [
  documentNumber(r.number),
  documentTitle(r.kind, r.total_cents),
  r.credits_number === null ? null : documentNumber(r.credits_number),
  r.issued_at,
  r.uid,
  fullName(r),
  r.email,
  r.net_cents,
  r.vat_cents,
  r.total_cents,
  vatRate(r.vat_rate_bp),
  r.status,
  r.method,
  r.payment_id,
];

async function* documentRows(rows: AsyncIterable<ExportDocumentRow>): AsyncGenerator<Cell[]> {
  for await (const row of rows) yield documentCells(row);
}

/** One month's facturen and creditnota's as CSV, streamed; the export goes into the admin log first. */
export const exportPaymentsAdminHandler: Handler<typeof exportPaymentsAdmin> = async (
  { db, user },
  { month },
) => {
  await appendAdminLog(db, {
    actorUid: user.uid,
    action: 'EXPORT_PAYMENTS',
    subjectUid: null,
    reason: `Betalingen van ${month} gedownload (CSV)`,
    details: { month },
  });
  return csvDownload(
    `kring-betalingen-${month}.csv`,
    paymentColumns,
    documentRows(exportDocuments(db, month)),
  );
};
