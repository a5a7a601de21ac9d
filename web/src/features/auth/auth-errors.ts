import { type AuthErrorKey, nlAuthErrors } from '../../messages/auth.ts';

/** The user closed the Google popup themselves: not an error worth a message. */
const silentCodes = new Set(['popup-closed-by-user', 'cancelled-popup-request', 'user-cancelled']);

const codeOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code.replace(/^auth\//, '')
    : undefined;

/** The Dutch sign-in message for a Firebase Auth error (spec 8), or null when nothing should show. */
export function authErrorMessage(error: unknown): string | null {
  const code = codeOf(error);
  if (code && silentCodes.has(code)) return null;
  if (code && code !== 'unknown' && Object.hasOwn(nlAuthErrors, code))
    return nlAuthErrors[code as AuthErrorKey];
  return nlAuthErrors.unknown;
}
