import type { getOverviewAdmin } from '@kring/contract';
import { config } from '../lib/config.ts';
import type { Handler } from '../lib/handler.ts';
import { overview } from './overview.ts';

/** /beheer: members by state, MRR, the last 30 days, open work and 12 months of history (docs/admin.md). */
export const getOverviewAdminHandler: Handler<typeof getOverviewAdmin> = async ({ db }) =>
  overview(db, new Date(), config.graceDays());
