import {
  type Bases,
  paginate,
  presentChargeback,
  presentCustomer,
  presentMandate,
  presentPayment,
  presentRefund,
  presentSubscription,
} from './present.ts';
import type { Sandbox } from './sandbox.ts';
import type {
  ChargebackRecord,
  Json,
  JsonObject,
  PaymentRecord,
  RefundRecord,
  SubscriptionRecord,
} from './store.ts';
import { isObject, MollieError } from './validate.ts';

export interface ApiRequest {
  method: string;
  /** Path below `/v2/`, split on `/`. */
  segments: string[];
  query: URLSearchParams;
  body: Json | undefined;
}

export interface ApiResult {
  status: number;
  body: Json | undefined;
}

const ok = (body: Json): ApiResult => ({ status: 200, body });
const created = (body: Json): ApiResult => ({ status: 201, body });

function objectBody(body: Json | undefined): JsonObject {
  if (body === undefined) return {};
  if (!isObject(body)) throw new MollieError(400, 'The request body must be a JSON object.');
  return body;
}

/** The v2 subset Kring uses: customers, mandates, payments, subscriptions. */
export function handleApi(sandbox: Sandbox, bases: Bases, req: ApiRequest): ApiResult {
  const { method, segments, query } = req;
  const path = segments.join('/');
  const payment = (p: PaymentRecord) => presentPayment(bases, p);
  const subscription = (s: SubscriptionRecord) => presentSubscription(sandbox, bases, s);
  const [root, id, sub, subId, leaf, ...rest] = segments;
  const route = (allowed: Record<string, () => ApiResult>): ApiResult => {
    const handler = allowed[method];
    if (!handler) throw new MollieError(405, `The method ${method} is not available on /v2/${path}.`);
    return handler();
  };

  if (rest.length === 0 && root === 'customers') {
    if (id === undefined) {
      return route({
        GET: () =>
          ok(
            paginate(bases, sandbox.listCustomers(), query, path, 'customers', (c) =>
              presentCustomer(sandbox, bases, c),
            ),
          ),
        POST: () => created(presentCustomer(sandbox, bases, sandbox.createCustomer(objectBody(req.body)))),
      });
    }
    if (sub === undefined) {
      return route({
        GET: () => ok(presentCustomer(sandbox, bases, sandbox.getCustomer(id))),
        DELETE: () => {
          sandbox.deleteCustomer(id);
          return { status: 204, body: undefined };
        },
      });
    }
    if (sub === 'payments' && subId === undefined) {
      return route({
        GET: () =>
          ok(
            paginate(
              bases,
              sandbox.listPayments({ customerId: sandbox.getCustomer(id).id }),
              query,
              path,
              'payments',
              payment,
            ),
          ),
        POST: () => created(payment(sandbox.createPayment(objectBody(req.body), sandbox.getCustomer(id).id))),
      });
    }
    if (sub === 'mandates' && leaf === undefined) {
      if (subId === undefined) {
        return route({
          GET: () =>
            ok(
              paginate(bases, sandbox.listMandates(id), query, path, 'mandates', (m) =>
                presentMandate(bases, m),
              ),
            ),
        });
      }
      return route({
        GET: () => ok(presentMandate(bases, sandbox.getMandate(id, subId))),
        DELETE: () => {
          sandbox.revokeMandate(id, subId);
          return { status: 204, body: undefined };
        },
      });
    }
    if (sub === 'subscriptions') {
      if (subId === undefined) {
        return route({
          GET: () =>
            ok(paginate(bases, sandbox.listSubscriptions(id), query, path, 'subscriptions', subscription)),
          POST: () => created(subscription(sandbox.createSubscription(id, objectBody(req.body)))),
        });
      }
      if (leaf === undefined) {
        return route({
          GET: () => ok(subscription(sandbox.getSubscription(id, subId))),
          PATCH: () => ok(subscription(sandbox.updateSubscription(id, subId, objectBody(req.body)))),
          DELETE: () => ok(subscription(sandbox.cancelSubscription(id, subId))),
        });
      }
      if (leaf === 'payments') {
        return route({
          GET: () => {
            const s = sandbox.getSubscription(id, subId);
            return ok(
              paginate(
                bases,
                sandbox.listPayments({ subscriptionId: s.id }),
                query,
                path,
                'payments',
                payment,
              ),
            );
          },
        });
      }
    }
  }

  if (root === 'payments' && sub === undefined) {
    if (id === undefined) {
      return route({
        GET: () => ok(paginate(bases, sandbox.listPayments(), query, path, 'payments', payment)),
        POST: () => created(payment(sandbox.createPayment(objectBody(req.body)))),
      });
    }
    return route({
      GET: () => ok(payment(sandbox.getPayment(id))),
      DELETE: () => ok(payment(sandbox.cancelPayment(id).payment)),
    });
  }

  if (root === 'payments' && id !== undefined && sub === 'refunds' && subId === undefined) {
    return route({
      GET: () => {
        const p = sandbox.getPayment(id);
        return ok(
          paginate(bases, [...(p.refunds ?? [])].reverse(), query, path, 'refunds', (r) =>
            presentRefund(bases, p, r),
          ),
        );
      },
      POST: () => {
        const { refund, payment: p } = sandbox.createRefund(id, objectBody(req.body));
        return created(presentRefund(bases, p, refund));
      },
    });
  }

  if (root === 'payments' && id !== undefined && sub === 'chargebacks' && subId === undefined) {
    return route({
      GET: () => {
        const p = sandbox.getPayment(id);
        return ok(
          paginate(bases, [...(p.chargebacks ?? [])].reverse(), query, path, 'chargebacks', (c) =>
            presentChargeback(bases, p, c),
          ),
        );
      },
    });
  }

  // One refund or chargeback of a payment: where their `_links.self` point.
  if (
    root === 'payments' &&
    id !== undefined &&
    (sub === 'refunds' || sub === 'chargebacks') &&
    subId &&
    !leaf
  ) {
    return route({
      GET: () => {
        const p = sandbox.getPayment(id);
        if (sub === 'refunds') {
          const r = (p.refunds ?? []).find((x) => x.id === subId);
          if (!r) throw new MollieError(404, `No refund exists with token ${subId}.`);
          return ok(presentRefund(bases, p, r));
        }
        const c = (p.chargebacks ?? []).find((x) => x.id === subId);
        if (!c) throw new MollieError(404, `No chargeback exists with token ${subId}.`);
        return ok(presentChargeback(bases, p, c));
      },
    });
  }

  // Mollie's account-wide lists (GET /v2/refunds, GET /v2/chargebacks), newest first: how a client
  // finds money that went back without hearing every payment's webhook.
  if ((root === 'refunds' || root === 'chargebacks') && id === undefined) {
    return route({
      GET: () => {
        const items = sandbox.listPayments().flatMap((p, paymentOrder) =>
          (root === 'refunds' ? (p.refunds ?? []) : (p.chargebacks ?? [])).map((record, index) => ({
            id: record.id,
            createdAt: record.createdAt,
            paymentOrder,
            index,
            payment: p,
            record,
          })),
        );
        items.sort(
          (a, b) =>
            b.createdAt.localeCompare(a.createdAt) || a.paymentOrder - b.paymentOrder || b.index - a.index,
        );
        return ok(
          paginate(bases, items, query, path, root, (item) =>
            root === 'refunds'
              ? presentRefund(bases, item.payment, item.record as RefundRecord)
              : presentChargeback(bases, item.payment, item.record as ChargebackRecord),
          ),
        );
      },
    });
  }

  if (root === 'subscriptions' && id === undefined) {
    return route({
      GET: () => ok(paginate(bases, sandbox.listSubscriptions(), query, path, 'subscriptions', subscription)),
    });
  }

  throw new MollieError(404, `The sandbox does not implement /v2/${path}.`);
}
