import type { resubscribeMail, unsubscribeMail } from '@kring/contract';
import type { Db } from '../lib/db.ts';
import { validationError } from '../lib/errors.ts';
import type { Handler } from '../lib/handler.ts';
import { turnOff, turnOn } from './mail.repo.ts';
import { verifyUnsubscribeToken } from './unsubscribe-token.ts';

/**
 * A link Kring signed is genuine: it is left out of the global cap on these anonymous calls (within
 * its own budget, so replaying one link cannot get round the cap). The item is the member and kind.
 */
export const signedMailLink = async (_db: unknown, { token }: { token: string }): Promise<string | null> => {
  const named = verifyUnsubscribeToken(token);
  return named ? `${named.profileId}.${named.kind}` : null;
};

const invalidLink = () => validationError('token', 'Deze afmeldlink is ongeldig.');

/** One-click unsubscribe: a valid token turns its kind of mail off; anything else changes nothing. */
export const unsubscribeMailHandler: Handler<typeof unsubscribeMail> = ({ db }, { token }) =>
  changeByLink(db, token, turnOff);

/** The unsubscribe page's undo: the same token turns its kind back on. */
export const resubscribeMailHandler: Handler<typeof resubscribeMail> = ({ db }, { token }) =>
  changeByLink(db, token, turnOn);

/** Turns the signed link's kind of mail off or on for its member; an invalid link is a VALIDATION. */
async function changeByLink(db: Db, token: string, change: typeof turnOff | typeof turnOn) {
  const named = verifyUnsubscribeToken(token);
  if (!named) throw invalidLink();
  const preferences = await change(db, named.profileId, named.kind);
  if (!preferences) throw invalidLink();
  return { kind: named.kind, preferences };
}
