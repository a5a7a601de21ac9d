import type { deleteMyAccount } from '@kring/contract';
import type { Handler } from '../lib/handler.ts';
import { deleteAccount } from './account-deletion.ts';

/** "Verwijder mijn account": the router already checked a recent sign-in and a live session. */
export const deleteMyAccountHandler: Handler<typeof deleteMyAccount> = async ({ db, user }) => {
  await deleteAccount(db, user.uid);
  return { ok: true };
};
