import { config } from '../lib/config.ts';
import type { Conn } from '../lib/db.ts';
import { ApiError } from '../lib/errors.ts';
import { adminAuth } from '../lib/firebase.ts';
import type { AuthUser } from '../lib/handler.ts';
import { ensureAccount, removeNewAccount } from './accounts.repo.ts';

/**
 * Whether a user's sessions still count, for calls with `session: 'live'` (getUserAccount on every
 * member page, profile edits, moderation, reports, blocks): Auth's record of the user (disabled, and
 * `tokensValidAfterTime`, set by a sign-out everywhere) kept per uid in this instance for
 * `SESSION_CACHE_SECONDS` (default 30; 0: every call asks Auth, as the functions tests run). Used by
 * http/auth.ts. In production each look-up is an Identity Toolkit round trip (tens of milliseconds,
 * and a quota); a member opening pages asks once per 30 s instead of on every page.
 *
 * Calls with `session: 'recent'` (money, membership, account deletion, admin work) still ask Auth
 * every time (http/auth.ts). A sign-out everywhere or a disabled account is refused on 'live' calls
 * within the cache's seconds; an account this instance disables or deletes
 * (privacy/account-deletion.ts) at once here (`forgetSession`). docs/security.md "Caller and session
 * caches".
 */
interface SessionState {
  /** No such user, or disabled: every token refused. */
  refused: boolean;
  /** Tokens from sign-ins before this moment (ms) are revoked; 0 when never signed out everywhere. */
  validSinceMs: number;
}

const MAX_ENTRIES = 10_000;
const entries = new Map<string, { state: SessionState; until: number }>();
/**
 * Counts forgetSession calls. A look-up that was in flight when one came (an account deletion, a
 * sign-out everywhere here) answers its own call but is not kept: it may hold Auth's state from
 * before the change. One counter for all uids (bounded memory; forgets are rare, so at worst a
 * concurrent look-up of another member is asked again next time).
 */
let forgets = 0;

async function lookUp(uid: string): Promise<SessionState> {
  try {
    const user = await adminAuth().getUser(uid);
    const validSince = user.tokensValidAfterTime ? new Date(user.tokensValidAfterTime).getTime() : 0;
    return { refused: user.disabled, validSinceMs: validSince };
  } catch (error) {
    if ((error as { code?: string } | null)?.code === 'auth/user-not-found') {
      return { refused: true, validSinceMs: 0 };
    }
    throw error;
  }
}

/**
 * True when the session behind a token signed in at `authTime` (seconds) no longer counts: the user
 * is disabled or gone, or signed out everywhere after that sign-in (Auth's own rule, firebase-admin's
 * verifyDecodedJWTNotRevokedOrDisabled). `fresh` asks Auth whatever the cache holds. Throws when
 * Auth cannot be asked.
 */
export async function sessionRevoked(
  uid: string,
  authTime: number,
  { fresh = false } = {},
): Promise<boolean> {
  const now = Date.now();
  let entry = entries.get(uid);
  if (fresh || !entry || entry.until <= now) {
    const before = forgets;
    const state = await lookUp(uid);
    entry = { state, until: now + config.sessionCacheSeconds() * 1000 };
    if (forgets === before) {
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(uid, entry);
    }
  }
  return entry.state.refused || authTime * 1000 < entry.state.validSinceMs;
}

/** Forgets what this instance knows of `uid`'s sessions (it disabled or deleted the account). */
export function forgetSession(uid: string): void {
  forgets += 1;
  entries.delete(uid);
}

/**
 * ensureAccount for a 'live' call: the router may have passed the session on this instance's cache
 * (up to SESSION_CACHE_SECONDS old), so a row made now is asked about at Auth first-hand; a token of
 * an account deleted meanwhile (on another instance) cannot bring it back: the row goes again and
 * the call answers 401 SESSION_REVOKED. The token's `iat` stands in for `auth_time`: a revoked
 * session cannot get a token issued after the revocation. Costs an Auth call once per account.
 */
export async function ensureAccountOfSession(conn: Conn, user: AuthUser) {
  const account = await ensureAccount(conn, user);
  if (account.created && (await sessionRevoked(user.uid, user.issuedAt, { fresh: true }))) {
    await removeNewAccount(conn, user.uid);
    throw new ApiError('UNAUTHENTICATED', 'SESSION_REVOKED');
  }
  return account;
}
