// The registry of every endpoint, by service and name: each endpoint sits in the group its own
// `service` names, so the list of endpoints (endpoints/index.ts) is the only one to keep.

import type { Service } from './endpoint.ts';
import * as all from './endpoints/index.ts';

type All = typeof all;

/** The endpoints whose `service` is `S`, by name. */
export type EndpointsOf<S extends Service> = {
  [K in keyof All as All[K] extends { service: S } ? K : never]: All[K];
};

const endpointsOf = <S extends Service>(service: S): EndpointsOf<S> =>
  Object.fromEntries(Object.entries(all).filter(([, e]) => e.service === service)) as EndpointsOf<S>;

/** The community, the admin's /beheer calls (docs/admin.md), search, moderation, chat and mail. */
export const communityEndpoints = endpointsOf('community');

/** Membership payments; issue 24 part B: dunning, resume, payment method (docs/payments.md). */
export const subscriptionEndpoints = endpointsOf('subscription');

/** Plans, payment history and receipts (issue 24; docs/payments.md "Plans", "Invoices"). */
export const billingEndpoints = endpointsOf('billing');

/** GDPR self-service: the member's own data export and account deletion (docs/privacy.md). */
export const privacyEndpoints = endpointsOf('privacy');
