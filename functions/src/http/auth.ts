import { roleFromClaim } from '@kring/contract';
import { adminAuth } from '../lib/firebase.ts';
import type { AuthUser } from '../lib/handler.ts';

/** The Bearer token of an Authorization header, or null when there is none. */
export const bearerToken = (header: string | undefined): string | null => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
};

/** Verifies a Firebase ID token; null when it is invalid, expired or revoked-looking. */
export async function verifyToken(token: string): Promise<AuthUser | null> {
  try {
    const decoded = await adminAuth().verifyIdToken(token);
    return {
      uid: decoded.uid,
      email: decoded.email ?? null,
      emailVerified: decoded.email_verified ?? false,
      role: roleFromClaim(decoded.role),
    };
  } catch {
    return null;
  }
}
