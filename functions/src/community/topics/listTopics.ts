import type { listTopics } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import { listAllTopics } from './topics.repo.ts';

/** Every topic by name; public for the community landing page. */
export const listTopicsHandler: Handler<typeof listTopics> = async ({ db }) => ({
  topics: await listAllTopics(db),
});
