import { z } from 'zod';
import { isoDate } from '../../schemas.ts';
import { adminEndpoint } from './admin-schemas.ts';

const count = z.number().int().nonnegative();
const cents = z.number().int();

/** One month of the overview's history: paying members and MRR at the month's end (Europe/Amsterdam). */
export const overviewMonth = z.object({
  /** The month, 'YYYY-MM' (Amsterdam). */
  month: z.string(),
  /** The moment the figures are taken: the month's end, or now for the running month. */
  at: isoDate,
  payingMembers: count,
  mrrCents: cents,
});
export type OverviewMonth = z.infer<typeof overviewMonth>;

/** /beheer: members by state, MRR, the last 30 days, open work, and 12 months of history (docs/admin.md). */
export const getOverviewAdmin = adminEndpoint({
  name: 'getOverviewAdmin',
  input: z.object({}),
  output: z.object({
    at: isoDate,
    states: z.object({
      active: count,
      grace: count,
      /** A running complimentary membership (the list's 'comp'), whatever the paid one says. */
      comp: count,
      /** A moderator or admin without a membership row (the list's 'no_membership'). */
      noMembership: count,
      cancelledRunning: count,
      expired: count,
      pending: count,
      suspended: count,
    }),
    payingMembers: count,
    /** Monthly recurring revenue in euro cents (yearly plans / 12), rounded once, half up. */
    mrrCents: cents,
    last30Days: z.object({ new: count, cancelled: count, expired: count }),
    openFailedRenewals: z.object({ count, amountCents: cents }),
    openReports: count,
    /** Oldest first; the last entry is the running month, taken now. */
    history: z.array(overviewMonth),
  }),
});
