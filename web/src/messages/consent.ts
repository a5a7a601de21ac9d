/** The cookie notice. */
export const nlConsent = {
  title: 'Cookies',
  text: 'We willen met analytische cookies meten hoe de site gebruikt wordt, zodat we hem kunnen verbeteren. Vind je dat goed?',
  accept: 'Akkoord',
  decline: 'Liever niet',
} as const;
