import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

/** Every topic by name (public; cached under 'topics'). */
export const useTopics = () => useApi('topics', () => call('community', 'listTopics', {}));
