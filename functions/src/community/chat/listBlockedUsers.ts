import type { listBlockedUsers } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import { toProfileSummary } from '../profiles/profiles.repo.ts';
import { listBlockedProfiles } from './chat.repo.ts';

export const listBlockedUsersHandler: Handler<typeof listBlockedUsers> = async ({ db, profileId }) => ({
  users: (await listBlockedProfiles(db, profileId)).map((r) => toProfileSummary(r.profile)),
});
