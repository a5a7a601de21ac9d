import type { blockUser } from '@kring/contract';
import { notFound, validationError } from '../../lib/errors.ts';
import type { Handler } from '../../lib/handler.ts';
import { findProfileById } from '../profiles/profiles.repo.ts';
import { communityMessages as m } from '../shared/messages.ts';
import { insertBlock } from './chat.repo.ts';

/** Blocks a member in chat: they cannot message the caller, and the thread leaves the caller's list. */
export const blockUserHandler: Handler<typeof blockUser> = async (
  { db, profileId },
  { profileId: other },
) => {
  if (other === profileId) throw validationError('profileId', m.blockSelf);
  if (!(await findProfileById(db, other))) throw notFound('PROFILE_NOT_FOUND');
  await insertBlock(db, profileId, other);
  return { ok: true };
};
