import { checkUserName, type isUserNameAvailable, validationMessages } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import { isNameTaken } from './profiles.repo.ts';

/** Case-insensitive; a name that breaks a rule is reported with the rule's Dutch text. */
export const isUserNameAvailableHandler: Handler<typeof isUserNameAvailable> = async (
  { db, user },
  { userName },
) => {
  const problem = checkUserName(userName, 'final');
  if (problem) return { available: false, reason: problem };
  const taken = await isNameTaken(db, userName.trim(), user.uid);
  return taken
    ? { available: false, reason: validationMessages.userNameTaken }
    : { available: true, reason: null };
};
