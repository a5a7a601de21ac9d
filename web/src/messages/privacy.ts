/**
 * Mollie refused to stop the payments (409 PAYMENT_PROVIDER_REFUSED): trying again will not help by
 * itself. Apart from nlPrivacy so the error texts (error-reasons.ts) take this one without the rest.
 */
export const deleteRefusedText =
  'Je account kon niet worden verwijderd, omdat onze betaalpartner het stopzetten van je betalingen weigerde. Er is niets verwijderd. Neem contact met ons op, dan lossen we het samen op.';

/** GDPR self-service on the membership page, and signing in again for protected changes. */
export const nlPrivacy = {
  title: 'Je gegevens en privacy',
  intro:
    'Je kunt alles wat Kring van je bewaart downloaden, of je account helemaal verwijderen. Hoe we met je gegevens omgaan lees je in onze privacyverklaring.',
  download: 'Download mijn gegevens',
  downloading: 'Bezig met verzamelen…',
  downloaded: 'Je gegevens zijn gedownload als JSON-bestand.',
  downloadFailed: 'Je gegevens konden niet worden gedownload. Probeer het opnieuw.',
  fileName: (date: string) => `kring-mijn-gegevens-${date}.json`,
  delete: 'Verwijder mijn account',
  deleteTitle: 'Account verwijderen',
  deleteExplain:
    'Je lidmaatschap stopt direct en er wordt niets meer afgeschreven. Je profiel, persoonlijke gegevens, foto’s, stemmen, chatberichten en meldingen worden verwijderd. Je berichten en reacties blijven staan zodat gesprekken leesbaar blijven, maar tonen dan "Verwijderd lid" in plaats van je naam. Dit kun je niet ongedaan maken.',
  deleteYes: 'Ja, verwijder mijn account',
  deleteNo: 'Annuleren',
  deleting: 'Bezig met verwijderen…',
  deleteFailed: 'Je account kon niet worden verwijderd. Er is niets veranderd; probeer het later opnieuw.',
  deleteRefused: deleteRefusedText,
  deleted: 'Je account is verwijderd. Bedankt dat je lid was.',
} as const;

export const nlReauth = {
  title: 'Log opnieuw in',
  explain: 'Voor deze wijziging vragen we je voor de zekerheid opnieuw in te loggen.',
  password: 'Wachtwoord',
  submit: 'Inloggen',
  google: 'Inloggen met Google',
  cancel: 'Annuleren',
  busy: 'Bezig met inloggen…',
  wrongPassword: 'Dit wachtwoord klopt niet.',
  failed: 'Opnieuw inloggen is niet gelukt. Probeer het nog een keer.',
} as const;
