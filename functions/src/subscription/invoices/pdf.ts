import PDFDocument from 'pdfkit';
import { documentNumber, documentTitle, formatMoney, formatRate } from './money.ts';

/** Everything printed on a factuur or creditnota (docs/payments.md "Invoices"). */
export interface InvoiceContent {
  kind: 'invoice' | 'credit_note';
  number: number;
  /** The invoice a credit note (or herstelfactuur) corrects. */
  creditsNumber: number | null;
  issuedAt: Date;
  issuer: { name: string; addressLines: string[]; kvk: string; vatNumber: string };
  customer: { name: string; addressLines: string[] };
  description: string;
  period: { start: Date; end: Date } | null;
  currency: string;
  netCents: number;
  vatCents: number;
  totalCents: number;
  /** VAT rate in basis points, or null with `vatExemption` (the legal ground). */
  vatRateBp: number | null;
  vatExemption: string | null;
  paymentLine: string;
}

const dateText = (d: Date) =>
  new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', dateStyle: 'long' }).format(d);

/** The lines of the document, top to bottom: what the PDF prints and what tests read back. */
export function invoiceLines(c: InvoiceContent): { label: string; value: string }[] {
  const money = (cents: number) => formatMoney(cents, c.currency);
  const lines = [
    { label: `${documentTitle(c.kind, c.totalCents)}nummer`, value: documentNumber(c.number) },
    { label: c.kind === 'invoice' ? 'Factuurdatum' : 'Datum', value: dateText(c.issuedAt) },
  ];
  if (c.creditsNumber !== null)
    lines.push({ label: 'Betreft factuur', value: documentNumber(c.creditsNumber) });
  lines.push({ label: 'Omschrijving', value: c.description });
  if (c.period) {
    lines.push({ label: 'Periode', value: `${dateText(c.period.start)} tot ${dateText(c.period.end)}` });
  }
  lines.push({ label: 'Bedrag excl. btw', value: money(c.netCents) });
  if (c.vatRateBp !== null) lines.push({ label: `Btw ${formatRate(c.vatRateBp)}`, value: money(c.vatCents) });
  else lines.push({ label: 'Vrijgesteld van btw', value: c.vatExemption ?? '' });
  lines.push({ label: 'Totaal', value: money(c.totalCents) });
  return lines;
}

/**
 * The PDF (A4, Helvetica) of a factuur or creditnota, made once when it is issued and then stored as
 * it is: PDFKit 0.20 (docs/payments.md "Invoices" says why this library).
 */
export function renderInvoicePdf(c: InvoiceContent): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: {
        Title: `${documentTitle(c.kind, c.totalCents)} ${documentNumber(c.number)}`,
        Author: c.issuer.name,
        CreationDate: c.issuedAt,
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(20).text(documentTitle(c.kind, c.totalCents));
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(10).text(c.issuer.name);
    doc.font('Helvetica');
    for (const line of c.issuer.addressLines) doc.text(line);
    doc.text(`KvK-nummer: ${c.issuer.kvk}`);
    doc.text(`Btw-nummer: ${c.issuer.vatNumber}`);
    doc.moveDown();
    doc.font('Helvetica-Bold').text('Aan');
    doc.font('Helvetica').text(c.customer.name);
    for (const line of c.customer.addressLines) doc.text(line);
    doc.moveDown();

    const labelX = doc.page.margins.left;
    const valueX = labelX + 150;
    const width = doc.page.width - valueX - doc.page.margins.right;
    for (const { label, value } of invoiceLines(c)) {
      const bold = label === 'Totaal';
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, labelX, y, { width: 145 });
      const afterLabel = doc.y;
      doc.text(value, valueX, y, { width });
      doc.y = Math.max(afterLabel, doc.y) + 4;
    }
    doc.moveDown();
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(c.paymentLine, labelX, doc.y, { width: doc.page.width - 2 * labelX });
    doc.end();
  });
}
