/**
 * What a suspended member sees on the community and account pages (issue 16). The wording follows the
 * suspension mail (functions/src/community/moderation/moderation-mail.ts); the spec has no text for it.
 */
export const nlSuspension = {
  title: 'Je account is geschorst',
  until: (date: string) =>
    `Een beheerder heeft je account geschorst tot ${date}. Tot die datum kun je de community niet gebruiken.`,
  reason: 'In de e-mail die we je stuurden staat waarom.',
  after: 'Vanaf die datum heb je weer toegang zoals voorheen. Je hoeft daarvoor niets te doen.',
  home: 'Naar de homepagina',
  /** On every other gated page: what still works, and where. */
  stillPossible: 'Je abonnement opzeggen, je gegevens downloaden of je account verwijderen kan wel:',
  membershipLink: 'naar je lidmaatschap',
  /** On top of the membership page, which stays open during a suspension. */
  here: 'Hieronder kun je wel je abonnement opzeggen, je gegevens downloaden of je account verwijderen.',
};
