import type { ReportGroup } from '@kring/contract';
import { call } from '../../../lib/api.ts';

/** Closes an item's open reports without acting on it. */
export const dismissReports = ({ itemKind, itemId }: Pick<ReportGroup, 'itemKind' | 'itemId'>) =>
  call('community', 'dismissReportsModerator', { itemKind, itemId });
