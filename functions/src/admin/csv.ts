import type { FileDownload } from '@kring/contract';
import { stringify } from 'csv-stringify';

/**
 * CSV for Dutch Excel (docs/admin.md "Exports"), made with csv-stringify 6.9 as a stream:
 * - UTF-8 with a BOM: without it Excel reads the file as Windows-1252 and 'Gülşen' comes out garbled;
 * - `;` between fields: Dutch Excel's list separator (the comma is the decimal sign there);
 * - amounts with a decimal comma ('9,95', '-9,95') and dates as dd-mm-jjjj: what Dutch Excel reads as
 *   numbers and dates on opening;
 * - fields with `;`, `"`, CR or LF quoted, quotes doubled;
 * - formula injection: a text cell starting with = + - @ TAB or CR gets a leading apostrophe, so a
 *   member named '=HYPERLINK(…)' stays text (csv-stringify's `escape_formulas`). Amounts are passed as
 *   numbers (cents) so a negative credit note stays a number.
 */

/** Text a spreadsheet must keep as typed (a phone number's leading 0): see `keepText`. */
export interface KeptText {
  keepText: string;
}

/** A cell: text (escaped), an amount in integer cents, a date, text kept as typed, or empty. */
export type Cell = string | number | Date | KeptText | null;

/** Only these characters go inside the ="…" text formula (a plausible phone number; no quote). */
const keptTextForm = /^\+?[0-9 ()./-]+$/;

/**
 * Text Excel and LibreOffice must not read as a number ('0612345678' would lose its 0): written as the
 * text formula ="0612345678", which both show as the text 0612345678 (the usual way; a leading
 * apostrophe would show in the cell). Only for values of digits, spaces and + ( ) . / -: anything
 * else is written as ordinary, escaped text, so no member-typed formula can get in this way.
 */
export const keepText = (value: string | null): Cell => (value === null ? null : { keepText: value });

const castKept = (cell: KeptText) =>
  keptTextForm.test(cell.keepText) ? { value: `="${cell.keepText}"`, escape_formulas: false } : cell.keepText;

const amsterdamDay = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** 995 -> '9,95', -50 -> '-0,50': integer arithmetic, exact to the cent. */
export function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

const amsterdamIsoDay = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Amsterdam',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** An instant as its calendar day in the Netherlands, 'YYYY-MM-DD' (an export's file name). */
export const dutchIsoDay = (date: Date): string => amsterdamIsoDay.format(date);

/** An instant as its calendar day in the Netherlands, dd-mm-jjjj. */
export const dutchDay = (date: Date): string => amsterdamDay.format(date);

/** A calendar day stored as 'YYYY-MM-DD' (a birthdate) as dd-mm-jjjj, without any time zone. */
export const dutchDate = (isoDay: string): string => isoDay.split('-').reverse().join('-');

/** The stream of CSV text: the header, then every row as the generator yields it (backpressure kept). */
export function csvChunks(header: readonly string[], rows: AsyncIterable<Cell[]>): AsyncIterable<string> {
  const stringifier = stringify({
    bom: true,
    delimiter: ';',
    record_delimiter: '\r\n',
    quote_record_delimiter: true,
    escape_formulas: true,
    cast: { number: euros, date: dutchDay, object: (v) => castKept(v as unknown as KeptText) },
  });
  // Waits while the reader is behind; a reader gone (the download cancelled: the stream is destroyed)
  // stops the reading of rows, so no more batches are queried for nobody.
  // Whichever comes first removes the other listener: left behind, a 'close' listener per wait piled up
  // on a long export (a leak, and Node's MaxListenersExceededWarning after ten waits).
  const write = (record: readonly Cell[]) =>
    stringifier.write(record)
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const done = () => {
            stringifier.off('drain', done);
            stringifier.off('close', done);
            resolve();
          };
          stringifier.once('drain', done);
          stringifier.once('close', done);
        });
  const feed = async () => {
    try {
      await write(header);
      for await (const row of rows) {
        if (stringifier.destroyed) return;
        await write(row);
      }
      stringifier.end();
    } catch (error) {
      stringifier.destroy(error as Error);
    }
  };
  void feed();
  return stringifier;
}

/** A CSV file as a download endpoint answers it. */
export const csvDownload = (
  fileName: string,
  header: readonly string[],
  rows: AsyncIterable<Cell[]>,
): FileDownload => ({ fileName, contentType: 'text/csv; charset=utf-8', chunks: csvChunks(header, rows) });
