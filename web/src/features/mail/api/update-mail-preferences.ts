import type { MailPreferences } from '@kring/contract';
import { useRef } from 'react';
import { useSWRConfig } from 'swr';
import { call } from '../../../lib/api.ts';
import { MAIL_PREFERENCES_KEY } from './get-mail-preferences.ts';

/**
 * Stores the member's mail switches. The change shows at once; saves go to the server one after
 * another, so quick clicks on two switches cannot arrive out of order and leave the server with an
 * older state than the page shows. A failed save re-reads what is stored.
 */
export function useUpdateMailPreferences() {
  const { mutate } = useSWRConfig();
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const latest = useRef(0);

  return async (next: MailPreferences): Promise<MailPreferences> => {
    const ticket = ++latest.current;
    void mutate(MAIL_PREFERENCES_KEY, next, { revalidate: false });
    const stored = queue.current.then(() => call('community', 'updateMailPreferences', next));
    queue.current = stored.catch(() => undefined);
    try {
      const answer = await stored;
      // An older answer must not undo a newer click on the page.
      if (ticket === latest.current) void mutate(MAIL_PREFERENCES_KEY, answer, { revalidate: false });
      return answer;
    } catch (error) {
      await mutate(MAIL_PREFERENCES_KEY);
      throw error;
    }
  };
}
