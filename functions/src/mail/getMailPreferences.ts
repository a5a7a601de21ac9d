import type { getMailPreferences } from '@kring/contract';
import type { Handler } from '../lib/handler.ts';
import { findPreferences } from './mail.repo.ts';

export const getMailPreferencesHandler: Handler<typeof getMailPreferences> = ({ db, profileId }) =>
  findPreferences(db, profileId);
