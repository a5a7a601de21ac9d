import type { listThreads } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import { listThreadsOf } from './chat.repo.ts';

export const listThreadsHandler: Handler<typeof listThreads> = async ({ db, profileId }) => ({
  threads: await listThreadsOf(db, profileId),
});
