/**
 * Money on invoices: integer cents in, Dutch text out ('€ 9,95', '€ -9,95'). Intl puts a no-break
 * space after the sign; PDFKit's standard fonts (WinAnsi) have both the euro sign and that space.
 */
const euro = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });

export function formatMoney(cents: number, currency: string): string {
  if (currency === 'EUR') return euro.format(cents / 100);
  return new Intl.NumberFormat('nl-NL', { style: 'currency', currency }).format(cents / 100);
}

/** A VAT rate in basis points as Dutch text: 2100 -> '21%', 900 -> '9%', 550 -> '5,5%'. */
export const formatRate = (bp: number): string => `${(bp / 100).toLocaleString('nl-NL')}%`;

/**
 * Splits a total that includes VAT into the amount excluding VAT and the VAT (cents; the VAT is the
 * rest, so the two always add up to the total). Exempt (rate null): no VAT.
 */
export function splitVat(totalCents: number, rateBp: number | null): { netCents: number; vatCents: number } {
  if (rateBp === null || rateBp === 0) return { netCents: totalCents, vatCents: 0 };
  const netCents = Math.round((totalCents * 10_000) / (10_000 + rateBp));
  return { netCents, vatCents: totalCents - netCents };
}

/** The printed number of an invoice or credit note: 1 -> 'KR-000001'. */
export const documentNumber = (n: number): string => `KR-${String(n).padStart(6, '0')}`;

/** The stored number of a printed one: 'KR-000001' -> 1 (null for anything else). */
export function parseDocumentNumber(text: string): number | null {
  const match = /^KR-(\d{6,})$/.exec(text);
  if (!match) return null;
  const n = Number(match[1]);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * What a document is called: a factuur, a creditnota (negative), or a herstelfactuur (stored as a
 * credit note with a positive total: it undoes a creditnota whose refund was not carried out).
 */
export const documentTitle = (kind: 'invoice' | 'credit_note', totalCents: number): string =>
  kind === 'invoice' ? 'Factuur' : totalCents > 0 ? 'Herstelfactuur' : 'Creditnota';
