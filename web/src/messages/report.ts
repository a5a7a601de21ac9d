/** Reporting an item and blocking a member in chat (issue 16). */

/** The labels of the contract's report reasons, in the order the dialog lists them. */
export const reportReasons = {
  spam: 'Spam of reclame',
  harassment: 'Intimidatie of pesten',
  hate: 'Haatdragend',
  inappropriate: 'Ongepast',
  misinformation: 'Misleidend',
  other: 'Anders',
} as const;

export const nlReport = {
  action: 'Melden',
  messageAction: (name: string) => `Bericht van ${name} melden`,
  title: {
    post: 'Bericht melden',
    comment: 'Reactie melden',
    message: 'Chatbericht melden',
    profile: 'Lid melden',
  },
  intro: 'Een moderator bekijkt je melding. De schrijver ziet niet wie meldde.',
  reasonLegend: 'Waarom meld je dit?',
  details: 'Toelichting (niet verplicht)',
  submit: 'Melding versturen',
  sending: 'Versturen…',
  cancel: 'Annuleren',
  close: 'Klaar',
  received: 'Bedankt. We hebben je melding ontvangen; een moderator kijkt ernaar.',
  already: 'Je hebt dit al gemeld. Een moderator kijkt ernaar.',
  gone: 'Dit bestaat niet meer.',
  failed: 'Je melding is niet verstuurd. Probeer het opnieuw.',
} as const;

export const nlBlock = {
  block: 'Blokkeren',
  unblock: 'Deblokkeren',
  blockedNotice: (name: string) => `Je hebt ${name} geblokkeerd. ${name} kan je geen berichten meer sturen.`,
  failed: 'Dat is niet gelukt. Probeer het opnieuw.',
  /** sendMessage refused: the recipient blocked the sender. */
  blockedByThem: 'Dit lid wil geen berichten van je ontvangen.',
  /** sendMessage refused: the sender blocked the recipient. */
  blockedByYou: 'Je hebt dit lid geblokkeerd. Deblokkeer eerst om een bericht te sturen.',
} as const;
