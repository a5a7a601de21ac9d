/** Sign-in and registration texts. */

/** Spec 8: the sign-in error catalogue, verbatim. */
export const nlAuthErrors = {
  'email-already-in-use': 'Dit emailadres is al in gebruik',
  'too-many-requests': 'Te veel inlog pogingen. Probeer het later nog een keer.',
  'requires-recent-login': 'Log opnieuw in om deze actie uit te voeren',
  'missing-email': 'Vul een emailadres in',
  'invalid-email': 'Dit emailadres is ongeldig',
  'operation-not-allowed': 'Registratie is niet toegestaan',
  'weak-password': 'Dit wachtwoord is te zwak',
  'wrong-password': 'Dit wachtwoord is ongeldig',
  'user-not-found': 'Dit emailadres is niet geregistreerd',
  'user-disabled': 'Dit emailadres is geblokkeerd',
  'invalid-user-token': 'Deze gebruikerstoken is ongeldig',
  'user-token-expired': 'Deze gebruikerstoken is verlopen',
  'invalid-credential': 'Deze credentie is ongeldig',
  'network-request-failed': 'Er is een netwerkfout opgetreden',
  unknown: 'Er is een onbekende fout opgetreden',
} as const;

export const nlSignIn = {
  title: 'Inloggen',
  intro: 'Log in met je e-mailadres en wachtwoord of met Google.',
  email: 'E-mailadres',
  password: 'Wachtwoord',
  passwordRequired: 'Vul een wachtwoord in',
  submit: 'Inloggen',
  submitting: 'Bezig met inloggen…',
  google: 'Inloggen met Google',
  or: 'of',
  forgotPassword: 'Wachtwoord vergeten?',
  resetTitle: 'Wachtwoord opnieuw instellen',
  resetIntro: 'Vul je e-mailadres in. We sturen je een link om een nieuw wachtwoord te kiezen.',
  resetSubmit: 'Stuur de link',
  resetSent: (email: string) =>
    `Als ${email} bij ons bekend is, staat er nu een e-mail met een link in je inbox.`,
  backToSignIn: 'Terug naar inloggen',
  noAccount: 'Nog geen lid?',
} as const;

export type AuthErrorKey = keyof typeof nlAuthErrors;
