import { limits, type suggestMentions } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import { membersByPrefix } from './mentions.repo.ts';

export const suggestMentionsHandler: Handler<typeof suggestMentions> = async (
  { db, profileId },
  { prefix },
) => ({
  items: await membersByPrefix(db, prefix, profileId, limits.mentionSuggestionsMax),
});
