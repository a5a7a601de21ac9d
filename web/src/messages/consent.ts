/** The cookie notice. */
export const nlConsent = {
  title: 'Cookies',
  text: 'We willen met analytische cookies meten hoe de site gebruikt wordt, zodat we hem kunnen verbeteren. Vind je dat goed?',
  accept: 'Akkoord',
  decline: 'Liever niet',
  currentGranted: 'Je hebt eerder toestemming gegeven. Je kunt die hier intrekken.',
  currentDenied: 'Je hebt eerder geen toestemming gegeven.',
  /** The footer link that opens the choice again. */
  footerLink: 'Cookies',
} as const;
