import { createHmac, timingSafeEqual } from 'node:crypto';
import { type MailKind, mailKind } from '@kring/contract';
import { config } from '../lib/config.ts';

/**
 * The signed token of an unsubscribe link: `{profileId}.{kind}.{signature}`, the signature being
 * HMAC-SHA256 over `unsubscribe:{profileId}:{kind}` with MAIL_TOKEN_SECRET (base64url). It never
 * expires: a link in an old mail keeps working, and only turns one kind of mail off.
 */

const sign = (profileId: number, kind: MailKind): Buffer =>
  createHmac('sha256', config.mailTokenSecret()).update(`unsubscribe:${profileId}:${kind}`).digest();

export const unsubscribeToken = (profileId: number, kind: MailKind): string =>
  `${profileId}.${kind}.${sign(profileId, kind).toString('base64url')}`;

/** The member and kind a token names, or null when it is malformed, altered or signed with another key. */
export function verifyUnsubscribeToken(token: string): { profileId: number; kind: MailKind } | null {
  const match = /^([1-9][0-9]{0,15})\.([a-z]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const profileId = Number(match[1]);
  const kind = mailKind.safeParse(match[2]);
  if (!kind.success || !Number.isSafeInteger(profileId)) return null;
  const given = Buffer.from(match[3]!, 'base64url');
  const expected = sign(profileId, kind.data);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { profileId, kind: kind.data };
}
