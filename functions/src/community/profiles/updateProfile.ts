import { type updateProfile, validationMessages } from '@kring/contract';
import { isUniqueViolation, validationError } from '../../lib/errors.ts';
import type { Handler } from '../../lib/handler.ts';
import { findProfileByUid, toProfile, updateProfileFields } from './profiles.repo.ts';

export const updateProfileHandler: Handler<typeof updateProfile> = async ({ db, user }, input) => {
  try {
    await updateProfileFields(db, user.uid, input);
  } catch (error) {
    if (isUniqueViolation(error, 'profiles_name_lower_idx'))
      throw validationError('name', validationMessages.userNameTaken);
    throw error;
  }
  return { profile: toProfile((await findProfileByUid(db, user.uid))!) };
};
