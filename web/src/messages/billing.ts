/** Plans, prices and the payment history (issue 24; docs/payments.md "Plans", "Invoices"). */
export const nlBilling = {
  plansLoading: 'Prijzen worden geladen…',
  plansFailed: 'De prijzen konden niet worden geladen.',
  choosePlan: 'Kies je abonnement',
  /** 'Maandelijks: € 9,95 per maand' */
  planPrice: (name: string, price: string, interval: string) => `${name}: ${price} ${interval}`,
  vatIncluded: 'Prijzen inclusief btw.',
  vatExempt: 'Vrijgesteld van btw.',
  history: 'Betalingen',
  historyEmpty: 'Nog geen betalingen.',
  historyFailed: 'Je betalingen konden niet worden geladen.',
  date: 'Datum',
  period: 'Periode',
  amount: 'Bedrag',
  method: 'Betaalmethode',
  status: 'Status',
  periodText: (from: string, to: string) => `${from} tot ${to}`,
  refunded: (amount: string) => `${amount} terugbetaald`,
  chargedBack: (amount: string) => `${amount} teruggeboekt`,
  /** 'Terugbetaling € 3,33 op 26 november 2026: terugbetaald' */
  refundLine: (amount: string, date: string, status: string) =>
    `Terugbetaling ${amount} op ${date}: ${status}`,
  refundStatuses: {
    queued: 'in de wachtrij',
    pending: 'in behandeling',
    processing: 'wordt verwerkt',
    refunded: 'terugbetaald',
    failed: 'mislukt',
    canceled: 'geannuleerd',
  } as Record<string, string>,
  statusLabels: {
    open: 'Open',
    pending: 'In behandeling',
    authorized: 'Geautoriseerd',
    paid: 'Betaald',
    failed: 'Mislukt',
    canceled: 'Geannuleerd',
    expired: 'Verlopen',
  },
  methods: {
    ideal: 'iDEAL',
    bancontact: 'Bancontact',
    creditcard: 'Creditcard',
    directdebit: 'SEPA-incasso',
    paypal: 'PayPal',
  } as Record<string, string>,
  invoice: (number: string) => `Factuur ${number}`,
  creditNote: (number: string) => `Creditnota ${number}`,
  /** A document's name; a credit note with a positive total is a herstelfactuur (docs/payments.md "Invoices"). */
  documentName: (d: { kind: 'invoice' | 'credit_note'; number: string; totalCents: number }) =>
    d.kind === 'invoice'
      ? `Factuur ${d.number}`
      : d.totalCents > 0
        ? `Herstelfactuur ${d.number}`
        : `Creditnota ${d.number}`,
  downloading: 'Bezig met downloaden…',
  currentPlan: (name: string, price: string, interval: string) =>
    `Je abonnement: ${name}, ${price} ${interval}.`,
  priceNotice: (price: string, date: string) => `Vanaf ${date} wordt de prijs ${price}.`,
  switchLabel: 'Ander abonnement',
  switchButton: 'Wijzig vanaf de volgende periode',
  switched: (name: string, date: string) => `Vanaf ${date} loopt je lidmaatschap door als ${name}.`,
  switchFailed: 'Wijzigen is niet gelukt. Probeer het later nog een keer.',
  downloadFailed: 'De factuur kon niet worden gedownload. Probeer het opnieuw.',
} as const;
