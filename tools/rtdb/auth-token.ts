import { type RuleValue, toRuleValue } from './rules-expression.ts';

/** The credential the Admin SDK presents to an emulator (`gauth` / `Bearer owner`): bypasses rules. */
export const ADMIN_TOKEN = 'owner';

export type Principal = { admin: true } | { admin: false; auth: RuleValue };

export const SIGNED_OUT: Principal = { admin: false, auth: null };

/**
 * Reads an ID token's claims WITHOUT checking its signature. Acceptable only because this server
 * is a local development stand-in bound to loopback: the Auth emulator and `mockUserToken` issue
 * unsigned tokens (alg "none"). Never use this logic where tokens come from untrusted parties.
 */
export function decodeIdToken(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return null;
    return claims as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** The rules' `auth` for a token: `{ uid, provider, token }` like RTDB, or null when unusable. */
export function authFromToken(token: string): { auth: RuleValue; expires: number } | null {
  const claims = decodeIdToken(token);
  if (!claims) return null;
  const uid = typeof claims.user_id === 'string' ? claims.user_id : claims.sub;
  if (typeof uid !== 'string' || uid === '') return null;
  const firebase = claims.firebase;
  const provider =
    typeof firebase === 'object' && firebase !== null && 'sign_in_provider' in firebase
      ? String((firebase as { sign_in_provider: unknown }).sign_in_provider)
      : 'custom';
  const expires = typeof claims.exp === 'number' ? claims.exp : 0;
  return { auth: toRuleValue({ uid, provider, token: claims }), expires };
}

/** REST and WebSocket credentials alike: `owner` is admin, a JWT is a user, nothing is signed out. */
export function principalFromCredential(credential: string | null): Principal | 'invalid' {
  if (credential === null || credential === '') return SIGNED_OUT;
  if (credential === ADMIN_TOKEN) return { admin: true };
  const decoded = authFromToken(credential);
  return decoded ? { admin: false, auth: decoded.auth } : 'invalid';
}
