import type { createSubscriptionInitialPayment } from '@kring/contract';
import { ensureAccount } from '../community/profiles.repo.ts';
import type { Handler } from '../http/types.ts';
import { config } from '../lib/config.ts';
import { conflict } from '../lib/errors.ts';
import { findMembership, grantsAccess, saveMembershipDetails } from './memberships.repo.ts';
import { createCustomer, createFirstPayment, isUnknownCustomer } from './mollie.ts';
import { latestFirstPayment, recordPayment } from './payments.repo.ts';
import { refreshOpenPayment } from './sync-payment.ts';

const stillOpen = (status: string) => status === 'open' || status === 'pending' || status === 'authorized';

/**
 * Stores the personal details and starts the first payment. While the latest first payment is still
 * open at Mollie, that one is handed out again (a reload or a second tab must not make two checkouts).
 * Mollie is called before anything is written: when it is unreachable the answer is 503 and the
 * database is as it was.
 */
export const createSubscriptionInitialPaymentHandler: Handler<
  typeof createSubscriptionInitialPayment
> = async ({ db, user }, { membership: details }) => {
  await ensureAccount(db, user.uid, user.email);
  const existing = await findMembership(db, user.uid);
  if (grantsAccess(existing?.status)) throw conflict('MEMBERSHIP_ACTIVE');

  const latest = await latestFirstPayment(db, user.uid);
  if (latest && stillOpen(latest.status)) {
    // Mollie may have expired it without our knowing (lost webhook): never hand out a dead checkout.
    const fresh = await refreshOpenPayment(db, latest, { force: true });
    if (stillOpen(fresh.status) && fresh.checkout_url) {
      await saveMembershipDetails(db, user.uid, details);
      return { checkoutUrl: fresh.checkout_url, paymentId: fresh.id };
    }
    // Paid meanwhile (webhook still on its way): the member has access now.
    if (grantsAccess((await findMembership(db, user.uid))?.status)) throw conflict('MEMBERSHIP_ACTIVE');
  }

  const name = `${details.firstName} ${details.lastName}`;
  let customerId = existing?.mollie_customer_id ?? (await createCustomer(user.uid, name, user.email));
  let payment: Awaited<ReturnType<typeof createFirstPayment>>;
  try {
    payment = await createFirstPayment(customerId, user.uid);
  } catch (error) {
    if (!existing?.mollie_customer_id || !isUnknownCustomer(error)) throw error;
    // Mollie no longer knows the stored customer (e.g. a reset sandbox): start over with a new one.
    customerId = await createCustomer(user.uid, name, user.email);
    payment = await createFirstPayment(customerId, user.uid);
  }

  await db.transaction().execute(async (tx) => {
    await saveMembershipDetails(tx, user.uid, details, customerId);
    await recordPayment(tx, user.uid, payment, config.price().interval);
  });
  return { checkoutUrl: payment.checkoutUrl ?? '', paymentId: payment.id };
};
