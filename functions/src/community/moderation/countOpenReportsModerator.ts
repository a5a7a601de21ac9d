import type { countOpenReportsModerator } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import { countOpenItems } from './reports.repo.ts';

export const countOpenReportsModeratorHandler: Handler<typeof countOpenReportsModerator> = async ({
  db,
}) => ({
  count: await countOpenItems(db),
});
