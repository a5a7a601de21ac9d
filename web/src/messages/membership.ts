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
  // What happens next, per status.
  nextActive: (date: string) => `Je lidmaatschap loopt automatisch door. De volgende betaling is op ${date}.`,
  nextCanceled: (date: string) =>
    `Je hebt opgezegd: er wordt niets meer afgeschreven. Je houdt toegang tot ${date}.`,
  nextExpired: 'Je lidmaatschap is verlopen. Word opnieuw lid om weer mee te doen.',
  nextPending: 'We wachten nog op je eerste betaling.',
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
