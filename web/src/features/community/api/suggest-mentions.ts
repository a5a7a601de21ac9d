import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

/** Members whose name starts with `prefix`, for the `@` list; null asks nothing. */
export const useMentionSuggestions = (prefix: string | null) =>
  useApi(
    prefix === null ? null : `mentions/${prefix.toLowerCase()}`,
    () => call('community', 'suggestMentions', { prefix: prefix ?? '' }),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
