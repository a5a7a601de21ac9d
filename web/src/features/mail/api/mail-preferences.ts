import type { MailPreferences } from '@kring/contract';
import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

const KEY = 'mailPreferences';

/** The member's three mail switches; `save` stores a change and shows it at once. */
export function useMailPreferences() {
  const swr = useApi(KEY, () => call('community', 'getMailPreferences', {}));
  const save = async (next: MailPreferences) => {
    const stored = await swr.mutate(call('community', 'updateMailPreferences', next), {
      optimisticData: next,
      rollbackOnError: true,
      revalidate: false,
    });
    return stored;
  };
  return { preferences: swr.data, error: swr.error, save };
}
