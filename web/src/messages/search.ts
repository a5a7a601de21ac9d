/** Search (issue 16): texts of our own, in the spec's voice. */
export const nlSearch = {
  title: 'Zoeken',
  label: 'Zoek in de community',
  placeholder: 'Zoek berichten, reacties, leden of artikelen',
  submit: 'Zoeken',
  tabs: { all: 'Alles', posts: 'Berichten', comments: 'Reacties', articles: 'Kennisbank', members: 'Leden' },
  kinds: { post: 'Bericht', comment: 'Reactie', article: 'Kennisbank-artikel', member: 'Lid' },
  commentOn: (title: string) => `Reactie bij "${title}"`,
  removed: 'Verwijderd',
  empty: (q: string) => `Niets gevonden voor "${q}".`,
  fuzzy: 'Geen exacte treffers. Bedoelde je een van deze?',
  tooShort: 'Typ minstens 2 tekens om te zoeken.',
  failed: 'Zoeken is mislukt. Probeer het opnieuw.',
  more: 'Meer resultaten',
  results: (n: number) => (n === 1 ? '1 resultaat' : `${n} resultaten`),
} as const;
