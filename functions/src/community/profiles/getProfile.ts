import type { getProfile } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import { findProfileByUid, toProfile } from './profiles.repo.ts';

export const getProfileHandler: Handler<typeof getProfile> = async ({ db, user }) => {
  const row = await findProfileByUid(db, user.uid);
  return { profile: row ? toProfile(row) : null };
};
