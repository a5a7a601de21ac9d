import type { updateMailPreferences } from '@kring/contract';
import type { Handler } from '../lib/handler.ts';
import { storePreferences } from './mail.repo.ts';

export const updateMailPreferencesHandler: Handler<typeof updateMailPreferences> = (
  { db, profileId },
  prefs,
) => storePreferences(db, profileId, prefs);
