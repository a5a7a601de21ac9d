import type { privacyEndpoints } from '@kring/contract';
import type { Routes } from '../lib/handler.ts';
import { deleteMyAccountHandler } from './deleteMyAccount.ts';
import { exportMyDataHandler } from './exportMyData.ts';

/** GDPR self-service (docs/privacy.md). */
export const privacyRoutes: Routes<typeof privacyEndpoints> = {
  deleteMyAccount: deleteMyAccountHandler,
  exportMyData: exportMyDataHandler,
};
