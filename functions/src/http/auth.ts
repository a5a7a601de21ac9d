import { roleFromClaim, type SessionCheck } from '@kring/contract';
import { sessionRevoked } from '../accounts/session-cache.ts';
import { config } from '../lib/config.ts';
import { adminAuth } from '../lib/firebase.ts';
import type { AuthUser } from '../lib/handler.ts';

/** The Bearer token of an Authorization header, or null when there is none. */
export const bearerToken = (header: string | undefined): string | null => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
};

export interface VerifiedUser extends AuthUser {
  /** When the user signed in (seconds since the epoch): the `auth_time` claim. */
  authTime: number;
}

/**
 * Verifies a Firebase ID token; null when it is invalid or expired. With a `session` check it also
 * asks whether the account was disabled or signed out everywhere after the token was issued, and
 * answers 'revoked' then: for calls that change money, membership or personal data. 'recent' asks
 * Auth on every call; 'live' through the instance's session cache (accounts/session-cache.ts: at most
 * SESSION_CACHE_SECONDS old; with 0, Auth on every call too).
 */
export async function verifyToken(
  token: string,
  { session }: { session?: SessionCheck | undefined } = {},
): Promise<VerifiedUser | 'revoked' | null> {
  try {
    const cachedLive = session === 'live' && config.sessionCacheSeconds() > 0;
    const decoded = await adminAuth().verifyIdToken(token, session !== undefined && !cachedLive);
    if (cachedLive && (await sessionRevoked(decoded.uid, decoded.auth_time))) return 'revoked';
    return {
      uid: decoded.uid,
      email: decoded.email ?? null,
      emailVerified: decoded.email_verified ?? false,
      issuedAt: decoded.iat,
      role: roleFromClaim(decoded.role),
      authTime: decoded.auth_time,
    };
  } catch (error) {
    const code = (error as { code?: string } | null)?.code;
    if (code === 'auth/id-token-revoked' || code === 'auth/user-disabled' || code === 'auth/user-not-found') {
      return 'revoked';
    }
    return null;
  }
}
