import type { MailPreferences } from '@kring/contract';
import { useRef } from 'react';
import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

const KEY = 'mailPreferences';

/**
 * The member's three mail switches. `save` shows a change at once and stores it; saves go to the
 * server one after another, so quick clicks on two switches cannot arrive out of order and leave the
 * server with an older state than the page shows. A failed save re-reads what is stored.
 */
export function useMailPreferences() {
  const swr = useApi(KEY, () => call('community', 'getMailPreferences', {}));
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const latest = useRef(0);

  const save = async (next: MailPreferences): Promise<MailPreferences> => {
    const ticket = ++latest.current;
    void swr.mutate(next, { revalidate: false });
    const stored = queue.current.then(() => call('community', 'updateMailPreferences', next));
    queue.current = stored.catch(() => undefined);
    try {
      const answer = await stored;
      // An older answer must not undo a newer click on the page.
      if (ticket === latest.current) void swr.mutate(answer, { revalidate: false });
      return answer;
    } catch (error) {
      await swr.mutate();
      throw error;
    }
  };
  return { preferences: swr.data, error: swr.error, save };
}
