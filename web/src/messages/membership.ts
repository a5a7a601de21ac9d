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
} as const;
