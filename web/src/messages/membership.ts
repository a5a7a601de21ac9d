/** The membership page. */
export const nlMembership = {
  title: 'Lidmaatschap',
  status: 'Status',
  statusLabels: {
    active: 'Actief',
    pending: 'Wacht op betaling',
    canceled: 'Opgezegd',
    expired: 'Verlopen',
    none: 'Geen lidmaatschap',
  },
  subscribedAt: 'Lid sinds',
  renewedAt: 'Laatst verlengd',
  canceledAt: 'Opgezegd op',
  expiresAt: 'Toegang tot',
  expiredAt: 'Verlopen op',
  cancel: 'Lidmaatschap opzeggen',
  cancelConfirm:
    'Weet je zeker dat je wilt opzeggen? Je houdt toegang tot het einde van de betaalde periode.',
  cancelYes: 'Ja, opzeggen',
  cancelNo: 'Nee, lid blijven',
  canceled: 'Je lidmaatschap is opgezegd.',
  cancelFailed: 'Opzeggen is niet gelukt. Probeer het later nog een keer.',
  loadFailed: 'Je lidmaatschap kon niet worden geladen.',
  personalDetails: 'Je gegevens',
  subscription: 'Je abonnement',
  nextPayment: 'Volgende betaling',
  paidUntil: 'Betaald tot',
  // What happens next, per status.
  nextActive: (date: string) => `Je lidmaatschap loopt automatisch door. De volgende betaling is op ${date}.`,
  nextCanceled: (date: string) =>
    `Je hebt opgezegd: er wordt niets meer afgeschreven. Je houdt toegang tot ${date}.`,
  nextExpired: 'Je lidmaatschap is verlopen. Word opnieuw lid om weer mee te doen.',
  nextPending: 'We wachten nog op je eerste betaling.',
  // Issue 24 part B: resume and a new payment method.
  resume: 'Opzegging intrekken',
  resumed: 'Je opzegging is ingetrokken. Je lidmaatschap loopt weer automatisch door.',
  resumeFailed: 'Intrekken is niet gelukt. Probeer het later nog een keer.',
  resumeTooLate: 'Je betaalde periode is al voorbij. Word opnieuw lid om weer mee te doen.',
  resumeMandateInvalid:
    'Je machtiging is niet meer geldig. Word na de einddatum opnieuw lid met een nieuwe betaling.',
  changeMethod: 'Betaalmethode wijzigen',
  changeMethodInfo:
    'Je betaalt € 0,01 met iDEAL vanaf de rekening waarvan je voortaan wilt betalen. Daarna schrijven we je lidmaatschap van die rekening af.',
  changeMethodFailed: 'Het wijzigen kon niet worden gestart. Probeer het later nog een keer.',
  methodChanged: 'Gelukt: je volgende betalingen gaan via je nieuwe rekening.',
  missedPaid: 'Bedankt, je betaling is gelukt. Je lidmaatschap loopt weer door.',
  // Issue 25: a complimentary membership an admin gave (docs/admin.md).
  comp: {
    erelid: (date: string) => `Erelidmaatschap tot ${date}`,
    bestuur: (date: string) => `Bestuurslidmaatschap tot ${date}`,
  },
  compNote:
    'Je lidmaatschap is je aangeboden door de vereniging: je betaalt niets en er wordt niets afgeschreven.',
} as const;

/** The banner on every member page after a renewal failed (issue 24 part B). */
export const nlPaymentProblem = {
  title: 'Je laatste betaling is niet gelukt',
  reason: (reason: string) => `Reden: ${reason}`,
  until: (date: string, amount: string) =>
    `Je houdt toegang tot ${date}. Betaal ${amount} met iDEAL om lid te blijven; daarna gebruiken we die rekening ook voor je volgende betalingen.`,
  pay: 'Nu betalen',
  failed: 'De betaling kon niet worden gestart. Probeer het later nog een keer.',
} as const;

/** The personal details on the membership page: shown, and changed with the rules of spec 5. */
export const nlMembershipDetails = {
  name: 'Naam',
  birthdate: 'Geboortedatum',
  phoneNumber: 'Telefoonnummer',
  address: 'Adres',
  edit: 'Gegevens wijzigen',
  save: 'Opslaan',
  saving: 'Bezig met opslaan…',
  cancel: 'Annuleren',
  saved: 'Je gegevens zijn opgeslagen.',
  saveFailed: 'Je gegevens konden niet worden opgeslagen. Probeer het opnieuw.',
  checkFields: 'Niet alles is goed ingevuld. Kijk bij de velden wat er mist.',
} as const;
