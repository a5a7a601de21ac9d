import { type createProfile, validationMessages } from '@kring/contract';
import { ensureAccount } from '../../accounts/accounts.repo.ts';
import { conflict, isUniqueViolation, validationError } from '../../lib/errors.ts';
import type { Handler } from '../../lib/handler.ts';
import { findProfileByUid, insertProfile, toProfile } from './profiles.repo.ts';

export const createProfileHandler: Handler<typeof createProfile> = async ({ db, user }, input) => {
  try {
    const row = await db.transaction().execute(async (tx) => {
      await ensureAccount(tx, user);
      if (await findProfileByUid(tx, user.uid)) throw conflict('PROFILE_EXISTS');
      await insertProfile(tx, user.uid, input);
      return findProfileByUid(tx, user.uid);
    });
    return { profile: toProfile(row!) };
  } catch (error) {
    // The unique index on lower(name) is the real check: two members racing for one name get one each way.
    if (isUniqueViolation(error, 'profiles_name_lower_idx'))
      throw validationError('name', validationMessages.userNameTaken);
    if (isUniqueViolation(error, 'profiles_uid_key')) throw conflict('PROFILE_EXISTS');
    throw error;
  }
};
