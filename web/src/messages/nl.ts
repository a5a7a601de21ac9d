/**
 * The Dutch texts of the web app, keys in English, one place per string. Texts the spec gives are
 * verbatim (its section is noted); the rest are ours, in the same voice. Validation texts the
 * server also sends live in the contract (`@kring/contract/messages`).
 *
 * This file holds the texts of the shell (header, account area, loading and error states) that
 * every page shows; the texts of a part of the site are in that part's file next to this one
 * (content, auth, onboarding, profile, membership, community, consent), so a page downloads only
 * the texts it shows.
 */
export const nl = {
  site: {
    /** Default page title (spec 2: the title falls back to it). */
    defaultTitle: 'Kring',
    description: 'Kennis, programma, podcasts en een community voor leden.',
    address: 'Lange Kringstraat 12',
    postalCode: '3512 AB Utrecht',
    logoLabel: 'Kring, naar de homepage',
    skipToContent: 'Direct naar de inhoud',
  },
  nav: {
    home: 'Home',
    aboutUs: 'Over ons',
    events: 'Programma',
    articles: 'Kennisbank',
    research: 'Onderzoeken',
    podcasts: 'Podcasts',
    community: 'Community',
    primaryLabel: 'Hoofdmenu',
    secondaryLabel: 'Meer',
    footerLabel: 'Footer',
    socialLabel: 'Volg ons',
    openMenu: 'Menu openen',
    closeMenu: 'Menu sluiten',
    menuTitle: 'Menu',
    social: {
      Twitter: 'Kring op Twitter',
      Facebook: 'Kring op Facebook',
      Instagram: 'Kring op Instagram',
      LinkedIn: 'Kring op LinkedIn',
      Email: 'Mail Kring',
    },
  },
  account: {
    // Spec 2: account area and popover.
    signIn: 'Inloggen',
    join: 'Lid worden',
    completeProfile: 'Maak je profiel compleet',
    myProfile: 'Mijn profiel',
    membership: 'Lidmaatschap',
    signOut: 'Uitloggen',
    point: 'PUNT',
    points: 'PUNTEN',
    menuLabel: 'Accountmenu',
    notificationsLabel: (count: number) =>
      count > 0 ? `Notificaties, ${count} ongelezen` : 'Notificaties, geen ongelezen',
    chatLabel: (count: number) => (count > 0 ? `Berichten, ${count} ongelezen` : 'Berichten, geen ongelezen'),
  },
  common: {
    loading: 'Bezig met laden',
    close: 'Sluiten',
    back: 'Terug',
    retry: 'Opnieuw proberen',
    readMore: 'Lees verder',
    unknownError: 'Er is een onbekende fout opgetreden',
    rateLimited: 'Je gaat even te snel. Probeer het over een paar minuten opnieuw.',
    unavailable: 'Deze dienst is even niet bereikbaar. Probeer het zo nog eens.',
    accountLoadFailed: 'Je account kon niet worden geladen.',
    optional: '(optioneel)',
  },
  routeError: {
    title: 'Er is iets misgegaan',
    body: 'Deze pagina kon niet worden getoond. Laad de pagina opnieuw of ga naar de homepage.',
    reload: 'Pagina opnieuw laden',
  },
  notFound: {
    title: 'Pagina niet gevonden',
    body: 'Deze pagina bestaat niet (meer). Misschien is hij verplaatst of heb je een typfout gemaakt.',
    home: 'Naar de homepage',
  },
} as const;
