import type { unblockUser } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import { deleteBlock } from './chat.repo.ts';

/** Lifts a block; lifting one that does not exist changes nothing. */
export const unblockUserHandler: Handler<typeof unblockUser> = async (
  { db, profileId },
  { profileId: other },
) => {
  await deleteBlock(db, profileId, other);
  return { ok: true };
};
