import { describe, expect, it } from 'vitest';
import { authErrorMessage } from './auth-errors.ts';

describe('authErrorMessage (spec 8 sign-in catalogue)', () => {
  it.each([
    ['auth/email-already-in-use', 'Dit emailadres is al in gebruik'],
    ['auth/too-many-requests', 'Te veel inlog pogingen. Probeer het later nog een keer.'],
    ['auth/requires-recent-login', 'Log opnieuw in om deze actie uit te voeren'],
    ['auth/missing-email', 'Vul een emailadres in'],
    ['auth/invalid-email', 'Dit emailadres is ongeldig'],
    ['auth/operation-not-allowed', 'Registratie is niet toegestaan'],
    ['auth/weak-password', 'Dit wachtwoord is te zwak'],
    ['auth/wrong-password', 'Dit wachtwoord is ongeldig'],
    ['auth/user-not-found', 'Dit emailadres is niet geregistreerd'],
    ['auth/user-disabled', 'Dit emailadres is geblokkeerd'],
    ['auth/invalid-user-token', 'Deze gebruikerstoken is ongeldig'],
    ['auth/user-token-expired', 'Deze gebruikerstoken is verlopen'],
    ['auth/invalid-credential', 'Deze credentie is ongeldig'],
    ['auth/network-request-failed', 'Er is een netwerkfout opgetreden'],
  ])('%s -> %s', (code, message) => {
    expect(authErrorMessage({ code })).toBe(message);
    // The same without the SDK's prefix.
    expect(authErrorMessage({ code: code.replace('auth/', '') })).toBe(message);
  });

  it('maps anything else to the unknown-error text', () => {
    for (const error of [
      { code: 'auth/internal-error' },
      { code: 'unknown' },
      new Error('boom'),
      null,
      'x',
      { code: 3 },
    ]) {
      expect(authErrorMessage(error)).toBe('Er is een onbekende fout opgetreden');
    }
  });

  it('says nothing when the user closed the Google popup', () => {
    expect(authErrorMessage({ code: 'auth/popup-closed-by-user' })).toBeNull();
    expect(authErrorMessage({ code: 'auth/cancelled-popup-request' })).toBeNull();
  });
});
