import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { mailPreferences } from './getMailPreferences.ts';

/** The mail kinds a member can turn off with the signed link in a mail. */
export const mailKind = z.enum(['replies', 'upvotes', 'digest', 'chat', 'mentions']);
export type MailKind = z.infer<typeof mailKind>;

/**
 * One-click unsubscribe (RFC 8058) without signing in: the token in a mail's 'Afmelden' link and
 * List-Unsubscribe header names the member and the kind, signed by the server. A forged or altered
 * token is refused (VALIDATION on `token`) and changes nothing. The mail client's POST is
 * form-encoded with the token in the query string; the site's page sends it as JSON.
 */
export const unsubscribeMail = endpoint({
  service: 'community',
  name: 'unsubscribeMail',
  access: 'public',
  input: z.object({ token: z.string().trim().min(1).max(200) }),
  output: z.object({ kind: mailKind, preferences: mailPreferences }),
  // Anonymous: the per-caller limit counts per source address (the router), the global one holds a
  // flood that varies the address; a validly signed token is left out of it (docs/security.md).
  rateLimit: rateLimits.mailLinks,
  globalRateLimit: rateLimits.mailLinksGlobal,
  knownCallRateLimit: rateLimits.mailLinkPerToken,
});
