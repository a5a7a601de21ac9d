import type { reportItem } from '@kring/contract';
import { conflict, notFound, validationError } from '../../lib/errors.ts';
import type { Handler } from '../../lib/handler.ts';
import { communityMessages as m } from '../shared/messages.ts';
import { insertReport, reportableOwner } from './reports.repo.ts';

/**
 * A member reports an item they can see (a chat message only when they received it); once per item:
 * a second report answers 409 ALREADY_REPORTED. Own items cannot be reported.
 */
export const reportItemHandler: Handler<typeof reportItem> = async ({ db, profileId }, input) => {
  const owner = await reportableOwner(db, input.itemKind, input.itemId, profileId);
  if (!owner) throw notFound('ITEM_NOT_FOUND');
  if (owner.ownerId === profileId) throw validationError('itemId', m.reportOwn);
  const stored = await insertReport(db, {
    reporterId: profileId,
    itemKind: input.itemKind,
    itemId: input.itemId,
    reason: input.reason,
    details: input.details,
  });
  if (!stored) throw conflict('ALREADY_REPORTED');
  return { ok: true };
};
