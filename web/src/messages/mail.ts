import type { MailKind } from '@kring/contract';

/** The mail preferences page (/account/meldingen) and the unsubscribe page (/afmelden). */
export const nlMail = {
  /** In the account popover and on the own profile page. */
  menuLabel: 'Meldingen',
  preferencesLink: 'Meldingen per mail instellen',
  preferences: {
    title: 'Meldingen per mail',
    intro: 'Kies welke mails je van Kring krijgt. Elke mail heeft onderaan ook een link om je af te melden.',
    legend: 'Welke mails wil je krijgen?',
    kinds: {
      replies: {
        label: 'Reacties op mijn berichten en reacties',
        hint: 'Hooguit één mail per kwartier, alleen over wat je nog niet op Kring hebt gelezen.',
      },
      upvotes: {
        label: 'Stemmen op mijn berichten en reacties',
        hint: 'In dezelfde mail als de reacties. Staat standaard uit.',
      },
      digest: {
        label: 'Het weekoverzicht',
        hint: 'Elke maandagochtend: populaire berichten, reacties op jouw berichten, nieuwe artikelen en activiteiten.',
      },
      chat: {
        label: 'Berichten per e-mail',
        hint: 'Een chatbericht dat je een paar minuten niet hebt gelezen, krijg je per mail. Eén mail per gesprek, hooguit één per kwartier.',
      },
      mentions: {
        label: 'Als iemand je noemt',
        hint: 'Als een lid je met @ noemt in een bericht of reactie. In dezelfde mail als de reacties.',
      },
    } satisfies Record<MailKind, { label: string; hint: string }>,
    saving: 'Bezig met opslaan…',
    saved: 'Je keuze is opgeslagen.',
    saveFailed: 'Opslaan is niet gelukt. Probeer het opnieuw.',
    loadFailed: 'Je instellingen konden niet worden geladen. Probeer het later opnieuw.',
  },
  unsubscribe: {
    title: 'Afmelden',
    working: 'Bezig met afmelden…',
    done: {
      replies: 'Je bent afgemeld. Je krijgt geen mails meer over reacties op je berichten en reacties.',
      upvotes: 'Je bent afgemeld. Je krijgt geen mails meer over stemmen op je berichten en reacties.',
      digest: 'Je bent afgemeld. Je krijgt het weekoverzicht niet meer.',
      chat: 'Je bent afgemeld. Je krijgt geen mails meer over ongelezen chatberichten.',
      mentions: 'Je bent afgemeld. Je krijgt geen mails meer als iemand je noemt.',
    } satisfies Record<MailKind, string>,
    undo: 'Toch weer ontvangen',
    undoing: 'Bezig…',
    undone: {
      replies: 'Je krijgt weer mails over reacties op je berichten en reacties.',
      upvotes: 'Je krijgt weer mails over stemmen op je berichten en reacties.',
      digest: 'Je krijgt het weekoverzicht weer.',
      chat: 'Je krijgt weer mails over ongelezen chatberichten.',
      mentions: 'Je krijgt weer een mail als iemand je noemt.',
    } satisfies Record<MailKind, string>,
    missingToken: 'Deze afmeldlink is niet compleet. Gebruik de link uit de mail.',
    failed: 'Afmelden is niet gelukt. Probeer het opnieuw.',
    retry: 'Opnieuw proberen',
    manage: 'Al je meldingen instellen (inloggen nodig)',
  },
} as const;
