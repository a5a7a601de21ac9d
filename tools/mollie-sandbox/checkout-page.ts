import type { FinalPaymentStatus, PaymentRecord, PaymentStatus } from './store.ts';

/** The payer's choices on the hosted page, in the order shown. */
export const outcomes: { status: FinalPaymentStatus; label: string; explanation: string }[] = [
  {
    status: 'paid',
    label: 'Betaald',
    explanation: 'De betaling lukt. Bij een eerste betaling ontstaat een machtiging.',
  },
  { status: 'failed', label: 'Mislukt', explanation: 'De bank weigert de betaling.' },
  { status: 'canceled', label: 'Geannuleerd', explanation: 'Je breekt de betaling zelf af.' },
  { status: 'expired', label: 'Verlopen', explanation: 'De betaling is niet op tijd afgerond.' },
];

const statusNames: Record<PaymentStatus, string> = {
  open: 'open',
  pending: 'in behandeling',
  paid: 'betaald',
  failed: 'mislukt',
  canceled: 'geannuleerd',
  expired: 'verlopen',
};

const methodNames: Record<string, string> = {
  ideal: 'iDEAL',
  creditcard: 'Creditcard',
  bancontact: 'Bancontact',
  paypal: 'PayPal',
  directdebit: 'SEPA-incasso',
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function formatAmount(currency: string, value: string): string {
  return new Intl.NumberFormat('nl-NL', { style: 'currency', currency }).format(Number(value));
}

const style = `
  :root { color-scheme: light; font-family: system-ui, sans-serif; }
  body { margin: 0; background: #f3f4f6; color: #111827; }
  main { max-width: 28rem; margin: 2rem auto; background: #fff; border-radius: 0.75rem; padding: 1.5rem;
    box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
  .badge { display: inline-block; background: #fef3c7; color: #78350f; border-radius: 0.375rem;
    padding: 0.25rem 0.5rem; font-size: 0.875rem; margin: 0 0 1rem; }
  h1 { font-size: 1.5rem; margin: 0 0 1rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0 0 1.5rem; }
  dt { color: #4b5563; } dd { margin: 0; overflow-wrap: anywhere; }
  .amount { font-size: 1.25rem; font-weight: 700; }
  fieldset { border: 0; padding: 0; margin: 0; display: grid; gap: 0.75rem; }
  legend { font-weight: 600; margin-bottom: 0.75rem; }
  .choice { display: grid; gap: 0.25rem; }
  .choice p { margin: 0; font-size: 0.875rem; color: #4b5563; }
  button { font: inherit; font-weight: 600; padding: 0.75rem 1rem; border-radius: 0.5rem; border: 2px solid #1f2937;
    background: #fff; color: #111827; cursor: pointer; text-align: left; }
  button[value=paid] { background: #065f46; border-color: #065f46; color: #fff; }
  button:hover { filter: brightness(0.95); }
  button:focus-visible, a:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
  a { color: #1d4ed8; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Mollie-sandbox</title>
<style>${style}</style>
</head>
<body>
<main aria-labelledby="titel">
<p class="badge">Testomgeving: er wordt geen echt geld afgeschreven.</p>
${body}
</main>
</body>
</html>
`;
}

function summary(payment: PaymentRecord): string {
  const method = payment.method ? (methodNames[payment.method] ?? payment.method) : 'Nog te kiezen';
  return `<dl>
<dt>Bedrag</dt><dd class="amount">${escapeHtml(formatAmount(payment.amount.currency, payment.amount.value))}</dd>
<dt>Omschrijving</dt><dd>${escapeHtml(payment.description)}</dd>
<dt>Betaalmethode</dt><dd>${escapeHtml(method)}</dd>
<dt>Kenmerk</dt><dd>${escapeHtml(payment.id)}</dd>
</dl>`;
}

export function checkoutPage(payment: PaymentRecord): string {
  if (payment.status !== 'open' && payment.status !== 'pending') return finishedPage(payment);
  const choices = outcomes
    .map(
      (o) => `<div class="choice">
<button type="submit" name="status" value="${o.status}" aria-describedby="uitleg-${o.status}">${o.label}</button>
<p id="uitleg-${o.status}">${escapeHtml(o.explanation)}</p>
</div>`,
    )
    .join('\n');
  return page(
    'Testbetaling',
    `<h1 id="titel">Testbetaling</h1>
${summary(payment)}
<form method="post" action="/checkout/${encodeURIComponent(payment.id)}">
<fieldset>
<legend>Kies de uitkomst van deze betaling</legend>
${choices}
</fieldset>
</form>`,
  );
}

export function finishedPage(payment: PaymentRecord): string {
  const back = payment.redirectUrl
    ? `<p><a href="${escapeHtml(payment.redirectUrl)}">Terug naar de website</a></p>`
    : '<p>Je kunt dit venster sluiten.</p>';
  return page(
    'Betaling afgerond',
    `<h1 id="titel">Deze betaling is ${statusNames[payment.status]}</h1>
${summary(payment)}
${back}`,
  );
}

export function notFoundPage(id: string): string {
  return page(
    'Betaling niet gevonden',
    `<h1 id="titel">Betaling niet gevonden</h1>
<p>Er bestaat geen betaling met kenmerk ${escapeHtml(id)}.</p>`,
  );
}
