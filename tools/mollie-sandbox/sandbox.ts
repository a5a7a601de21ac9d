import { createHash } from 'node:crypto';
import {
  checkFailureFits,
  defaultBankReasonCode,
  defaultCardFailureReason,
  type Failure,
  failureMessage,
  sepaReasonCodes,
} from './failures.ts';
import { chargeDate, parseInterval, todayInAmsterdam } from './interval.ts';
import {
  type ChargebackRecord,
  type CustomerRecord,
  chargebackCounts,
  type FinalPaymentStatus,
  type JsonObject,
  type MandateMethod,
  type MandateRecord,
  newId,
  type PaymentRecord,
  type PlannedRenewal,
  type RefundRecord,
  type RefundStatus,
  refundCounts,
  type SequenceType,
  type Store,
  type SubscriptionRecord,
  type WebhookAttempt,
} from './store.ts';
import {
  isDate,
  MollieError,
  optionalLocale,
  optionalMetadata,
  optionalString,
  optionalUrl,
  requiredAmount,
  requiredString,
  unprocessable,
} from './validate.ts';

/** How long a checkout payment stays open before it expires, as for iDEAL at Mollie. */
export const paymentExpiryMs = 15 * 60 * 1000;

/** Mollie cancels test-mode subscriptions without `times` after this many charges. */
const testModeChargeLimit = 10;

const knownMethods = new Set([
  'alma',
  'applepay',
  'bacs',
  'bancomatpay',
  'bancontact',
  'banktransfer',
  'belfius',
  'billie',
  'bizum',
  'blik',
  'creditcard',
  'directdebit',
  'eps',
  'giftcard',
  'googlepay',
  'ideal',
  'in3',
  'kbc',
  'klarna',
  'mbway',
  'mobilepay',
  'multibanco',
  'mybank',
  'paybybank',
  'payconiq',
  'paypal',
  'paysafecard',
  'przelewy24',
  'riverty',
  'satispay',
  'swish',
  'trustly',
  'twint',
  'vipps',
  'voucher',
]);

/** Methods that can start a mandate with a `first` payment, and the mandate each one yields. */
const mandateMethodFor: Record<string, MandateMethod> = {
  ideal: 'directdebit',
  bancontact: 'directdebit',
  belfius: 'directdebit',
  kbc: 'directdebit',
  eps: 'directdebit',
  mybank: 'directdebit',
  trustly: 'directdebit',
  paybybank: 'directdebit',
  directdebit: 'directdebit',
  creditcard: 'creditcard',
  applepay: 'creditcard',
  paypal: 'paypal',
};

export type Notify = (payment: PaymentRecord) => Promise<WebhookAttempt | null>;

export interface StatusChange {
  payment: PaymentRecord;
  /** Resolves after the first webhook attempt (null when the payment has no webhookUrl). */
  webhook: Promise<WebhookAttempt | null>;
}

export class Sandbox {
  constructor(
    private readonly store: Store,
    private readonly notify: Notify,
  ) {}

  private get state() {
    return this.store.state;
  }

  private stamp() {
    return { seq: this.store.nextSeq(), createdAt: new Date().toISOString() };
  }

  // Customers

  createCustomer(body: JsonObject): CustomerRecord {
    const email = optionalString(body, 'email', 320);
    if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      throw unprocessable('The email address is invalid.', 'email');
    }
    const customer: CustomerRecord = {
      id: newId('cst_'),
      ...this.stamp(),
      name: optionalString(body, 'name'),
      email,
      locale: optionalLocale(body),
      metadata: optionalMetadata(body),
    };
    this.state.customers[customer.id] = customer;
    this.store.save();
    return customer;
  }

  getCustomer(id: string): CustomerRecord {
    const customer = this.state.customers[id];
    if (!customer) throw new MollieError(404, `No customer exists with token ${id}.`);
    return customer;
  }

  /**
   * Deletes a customer, as Mollie does: its mandates are revoked and its subscriptions canceled
   * first, so nothing is charged afterwards. Payments stay (they are the merchant's records).
   */
  deleteCustomer(id: string): void {
    this.getCustomer(id);
    for (const sub of this.listSubscriptions(id)) {
      if (sub.status === 'active' || sub.status === 'pending' || sub.status === 'suspended') {
        sub.status = 'canceled';
        sub.canceledAt = new Date().toISOString();
      }
    }
    for (const mandate of this.listMandates(id)) mandate.status = 'invalid';
    delete this.state.customers[id];
    this.store.save();
  }

  // Refunds and chargebacks

  /** Cents of an amount value ('9.95' -> 995). */
  private cents(value: string): number {
    return Math.round(Number(value) * 100);
  }

  private centsText(cents: number): string {
    return (cents / 100).toFixed(2);
  }

  /**
   * What is still refundable: the amount minus refunds (but failed or canceled ones) and chargebacks
   * (but reversed ones) so far.
   */
  remainingCents(payment: PaymentRecord): number {
    const refunded = (payment.refunds ?? [])
      .filter(refundCounts)
      .reduce((n, r) => n + this.cents(r.amount.value), 0);
    const chargedBack = (payment.chargebacks ?? [])
      .filter(chargebackCounts)
      .reduce((n, c) => n + this.cents(c.amount.value), 0);
    return this.cents(payment.amount.value) - refunded - chargedBack;
  }

  /**
   * A refund of a paid payment (the whole remaining amount unless `amount` says less). Mollie calls
   * the payment's webhook when a refund changes; the sandbox refunds at once (`refunded`) and calls it
   * then, unless the control asks for another `status` (then setRefundStatus moves it on).
   */
  createRefund(
    paymentId: string,
    body: JsonObject,
    status: RefundStatus = 'refunded',
  ): { refund: RefundRecord; payment: PaymentRecord; webhook: ReturnType<Notify> } {
    const payment = this.getPayment(paymentId);
    if (payment.status !== 'paid') throw unprocessable(`The payment ${paymentId} is not paid.`, 'amount');
    const remaining = this.remainingCents(payment);
    const asked = body.amount === undefined ? null : requiredAmount(body);
    if (asked && asked.currency !== payment.amount.currency) {
      throw unprocessable('The refund currency must be the payment currency.', 'amount.currency');
    }
    const cents = asked ? this.cents(asked.value) : remaining;
    if (cents <= 0 || cents > remaining) {
      throw unprocessable(`The amount is higher than the refundable ${this.centsText(remaining)}.`, 'amount');
    }
    const refund: RefundRecord = {
      id: newId('re_'),
      createdAt: new Date().toISOString(),
      amount: { currency: payment.amount.currency, value: this.centsText(cents) },
      description: optionalString(body, 'description') ?? '',
      metadata: optionalMetadata(body),
      status,
    };
    payment.refunds = [...(payment.refunds ?? []), refund];
    this.store.save();
    return { refund, payment, webhook: this.notify(payment) };
  }

  /** The payer's bank reverses a paid payment (a SEPA direct debit reversal, a card dispute). */
  chargeback(
    paymentId: string,
    reason = 'AC06',
  ): { chargeback: ChargebackRecord; payment: PaymentRecord; webhook: ReturnType<Notify> } {
    const payment = this.getPayment(paymentId);
    if (payment.status !== 'paid') throw unprocessable(`The payment ${paymentId} is not paid.`, 'status');
    const remaining = this.remainingCents(payment);
    if (remaining <= 0) throw unprocessable(`Nothing of ${paymentId} is left to charge back.`, 'amount');
    const chargeback: ChargebackRecord = {
      id: newId('chb_'),
      createdAt: new Date().toISOString(),
      amount: { currency: payment.amount.currency, value: this.centsText(remaining) },
      reason,
    };
    // The return code is the chargeback's `reason`; the payment stays paid and its details keep no
    // bankReasonCode (Mollie: "only available if the payment has failed").
    payment.chargebacks = [...(payment.chargebacks ?? []), chargeback];
    this.store.save();
    return { chargeback, payment, webhook: this.notify(payment) };
  }

  /** A refund moves on (queued -> pending -> processing -> refunded, or failed / canceled), with a webhook. */
  setRefundStatus(
    refundId: string,
    status: RefundStatus,
  ): { refund: RefundRecord; payment: PaymentRecord; webhook: ReturnType<Notify> } {
    const { record: refund, payment } = this.findRecord(refundId, (p) => p.refunds);
    const final = refund.status === 'refunded' || refund.status === 'failed' || refund.status === 'canceled';
    if (final) throw unprocessable(`The refund ${refundId} is ${refund.status} already.`, 'status');
    refund.status = status;
    this.store.save();
    return { refund, payment, webhook: this.notify(payment) };
  }

  /** The payer's bank reverses a chargeback: the money comes back (`reversedAt`), with a webhook. */
  reverseChargeback(chargebackId: string): {
    chargeback: ChargebackRecord;
    payment: PaymentRecord;
    webhook: ReturnType<Notify>;
  } {
    const { record: chargeback, payment } = this.findRecord(chargebackId, (p) => p.chargebacks);
    if (chargeback.reversedAt) throw unprocessable(`The chargeback ${chargebackId} is reversed already.`);
    chargeback.reversedAt = new Date().toISOString();
    this.store.save();
    return { chargeback, payment, webhook: this.notify(payment) };
  }

  private findRecord<T extends { id: string }>(
    id: string,
    of: (p: PaymentRecord) => T[] | undefined,
  ): { record: T; payment: PaymentRecord } {
    for (const payment of Object.values(this.state.payments)) {
      const record = of(payment)?.find((r) => r.id === id);
      if (record) return { record, payment };
    }
    throw new MollieError(404, `No refund or chargeback exists with token ${id}.`);
  }

  listCustomers(): CustomerRecord[] {
    return newestFirst(Object.values(this.state.customers));
  }

  // Payments

  createPayment(body: JsonObject, pathCustomerId?: string): PaymentRecord {
    const sequenceType = parseSequenceType(body.sequenceType);
    const customerId = pathCustomerId ?? optionalString(body, 'customerId', 64);
    if (customerId !== null) {
      if (!this.state.customers[customerId]) {
        throw unprocessable(`No customer exists with token ${customerId}.`, 'customerId');
      }
    } else if (sequenceType !== 'oneoff') {
      throw unprocessable(`A customerId is required for a '${sequenceType}' payment.`, 'customerId');
    }
    const method = parseMethod(body.method);
    if (sequenceType === 'first' && method !== null && !mandateMethodFor[method]) {
      throw unprocessable(`The payment method '${method}' cannot be used for a first payment.`, 'method');
    }
    const redirectUrl = optionalUrl(body, 'redirectUrl');
    if (redirectUrl === null && sequenceType !== 'recurring') {
      throw unprocessable('The redirect URL is required.', 'redirectUrl');
    }
    const base = {
      amount: requiredAmount(body),
      description: requiredString(body, 'description'),
      metadata: optionalMetadata(body),
      redirectUrl,
      cancelUrl: optionalUrl(body, 'cancelUrl'),
      webhookUrl: optionalUrl(body, 'webhookUrl'),
      locale: optionalLocale(body),
    };

    let payment: PaymentRecord;
    if (sequenceType === 'recurring') {
      const mandate = this.usableMandate(customerId!, optionalString(body, 'mandateId', 64), method);
      payment = this.newPayment({
        ...base,
        sequenceType,
        customerId,
        mandateId: mandate.id,
        method: mandate.method,
        // A direct debit is pending until the bank answers; the control or checkout page decides how.
        status: 'pending',
        expiresAt: null,
      });
    } else {
      payment = this.newPayment({
        ...base,
        sequenceType,
        customerId,
        mandateId: null,
        method,
        status: 'open',
        expiresAt: new Date(Date.now() + paymentExpiryMs).toISOString(),
      });
    }
    this.state.payments[payment.id] = payment;
    this.store.save();
    return payment;
  }

  private newPayment(
    fields: Omit<
      PaymentRecord,
      | 'id'
      | 'seq'
      | 'createdAt'
      | 'subscriptionId'
      | 'paidAt'
      | 'failedAt'
      | 'canceledAt'
      | 'expiredAt'
      | 'details'
    >,
  ): PaymentRecord {
    return {
      id: newId('tr_'),
      ...this.stamp(),
      ...fields,
      subscriptionId: null,
      paidAt: null,
      failedAt: null,
      canceledAt: null,
      expiredAt: null,
      details: null,
    };
  }

  getPayment(id: string): PaymentRecord {
    const payment = this.state.payments[id];
    if (!payment) throw new MollieError(404, `No payment exists with token ${id}.`);
    return payment;
  }

  listPayments(filter: { customerId?: string; subscriptionId?: string } = {}): PaymentRecord[] {
    return newestFirst(
      Object.values(this.state.payments).filter(
        (p) =>
          (filter.customerId === undefined || p.customerId === filter.customerId) &&
          (filter.subscriptionId === undefined || p.subscriptionId === filter.subscriptionId),
      ),
    );
  }

  cancelPayment(id: string): StatusChange {
    const payment = this.getPayment(id);
    if (!isCancelable(payment)) throw unprocessable(`The payment ${id} cannot be canceled.`);
    return this.setPaymentStatus(id, 'canceled');
  }

  /** The one way a payment reaches a final status: checkout page, control endpoint, cancel, expiry. */
  setPaymentStatus(id: string, status: FinalPaymentStatus, failure: Failure = {}): StatusChange {
    const payment = this.getPayment(id);
    if (payment.status !== 'open' && payment.status !== 'pending') {
      throw unprocessable(`The payment ${id} is already ${payment.status}.`, 'status');
    }
    if (status !== 'failed' && (failure.bankReasonCode || failure.failureReason)) {
      throw unprocessable(`A ${status} payment has no failure reason.`, 'status');
    }
    if (status === 'failed') checkFailureFits(payment.method, failure);
    const now = new Date().toISOString();
    payment.status = status;
    payment.expiresAt = null;
    if (status === 'paid') {
      payment.paidAt = now;
      payment.method ??= 'ideal';
      payment.details = this.paymentDetails(payment);
      if (payment.sequenceType === 'first') payment.mandateId = this.mandateFromFirstPayment(payment).id;
    } else if (status === 'failed') {
      payment.failedAt = now;
      payment.details = this.failedDetails(payment, failure);
    } else if (status === 'canceled') {
      payment.canceledAt = now;
    } else {
      payment.expiredAt = now;
    }
    this.store.save();
    return { payment, webhook: this.notify(payment) };
  }

  /** Open checkout payments past their expiresAt become `expired` (and notify), as at Mollie. */
  expireDue(now = Date.now()): void {
    for (const payment of Object.values(this.state.payments)) {
      if (payment.status === 'open' && payment.expiresAt !== null && Date.parse(payment.expiresAt) <= now) {
        this.setPaymentStatus(payment.id, 'expired');
      }
    }
  }

  /**
   * Details of a failed payment, with Mollie's failure fields: SEPA direct debits the bank's return
   * code (`bankReasonCode`, `bankReason`), cards a `failureReason` and `failureMessage`, other methods
   * (an iDEAL payment the bank refused) a `failureReason` only when one was asked for. A checkout
   * payment that failed before a method was chosen has no details, as at Mollie.
   */
  private failedDetails(payment: PaymentRecord, failure: Failure): Record<string, string> | null {
    if (payment.method === 'directdebit') {
      const code = failure.bankReasonCode ?? defaultBankReasonCode;
      return { ...this.paymentDetails(payment), bankReasonCode: code, bankReason: sepaReasonCodes[code]! };
    }
    const card = payment.method === 'creditcard' || payment.method === 'applepay';
    const reason = failure.failureReason ?? (card ? defaultCardFailureReason : undefined);
    if (reason === undefined)
      return payment.sequenceType === 'recurring' ? this.paymentDetails(payment) : null;
    return {
      ...this.paymentDetails(payment),
      failureReason: reason,
      failureMessage: failureMessage(reason, payment.locale),
    };
  }

  private paymentDetails(payment: PaymentRecord): Record<string, string> {
    const account = testAccount(payment.customerId ?? payment.id);
    switch (payment.method) {
      case 'creditcard':
      case 'applepay':
        return {
          cardHolder: 'T. TEST',
          cardNumber: account.cardLast4,
          cardLabel: 'Mastercard',
          cardFingerprint: account.fingerprint,
          cardCountryCode: 'NL',
          cardSecurity: 'normal',
          feeRegion: 'intra-eu',
        };
      case 'paypal':
        return {
          consumerName: 'T. TEST',
          consumerAccount: 'test@example.org',
          paypalReference: account.fingerprint,
        };
      case 'directdebit': {
        const mandate = payment.mandateId ? this.state.mandates[payment.mandateId] : undefined;
        const details: Record<string, string> = {
          transferReference: `SD${payment.seq.toString().padStart(10, '0')}`,
          creditorIdentifier: 'NL08ZZZ502057730000',
          consumerName: 'T. TEST',
          consumerAccount: account.iban,
          consumerBic: account.bic,
          dueDate: todayInAmsterdam(),
          signatureDate: mandate?.signatureDate ?? todayInAmsterdam(),
        };
        return details;
      }
      default:
        return { consumerName: 'T. TEST', consumerAccount: account.iban, consumerBic: account.bic };
    }
  }

  // Mandates

  /** A paid first payment yields a valid mandate; an existing valid one of the same kind is reused. */
  private mandateFromFirstPayment(payment: PaymentRecord): MandateRecord {
    const customerId = payment.customerId!;
    const method = mandateMethodFor[payment.method ?? 'ideal'] ?? 'directdebit';
    const existing = this.listMandates(customerId).find((m) => m.status === 'valid' && m.method === method);
    if (existing) return existing;
    const account = testAccount(customerId);
    const details: Record<string, string> =
      method === 'creditcard'
        ? {
            cardHolder: 'T. TEST',
            cardNumber: account.cardLast4,
            cardLabel: 'Mastercard',
            cardFingerprint: account.fingerprint,
            cardExpiryDate: `${new Date().getUTCFullYear() + 3}-12-31`,
          }
        : method === 'paypal'
          ? { consumerName: 'T. TEST', consumerAccount: 'test@example.org' }
          : { consumerName: 'T. TEST', consumerAccount: account.iban, consumerBic: account.bic };
    const mandate: MandateRecord = {
      id: newId('mdt_'),
      ...this.stamp(),
      customerId,
      status: 'valid',
      method,
      details,
      mandateReference: null,
      signatureDate: todayInAmsterdam(),
    };
    this.state.mandates[mandate.id] = mandate;
    return mandate;
  }

  listMandates(customerId: string): MandateRecord[] {
    this.getCustomer(customerId);
    return newestFirst(Object.values(this.state.mandates).filter((m) => m.customerId === customerId));
  }

  getMandate(customerId: string, id: string): MandateRecord {
    this.getCustomer(customerId);
    const mandate = this.state.mandates[id];
    if (!mandate || mandate.customerId !== customerId) {
      throw new MollieError(404, `No mandate exists with token ${id}.`);
    }
    return mandate;
  }

  /** Revoking invalidates the mandate and cancels the subscriptions that depended on it. */
  revokeMandate(customerId: string, id: string): void {
    const mandate = this.getMandate(customerId, id);
    mandate.status = 'invalid';
    for (const sub of Object.values(this.state.subscriptions)) {
      if (sub.customerId !== customerId || (sub.status !== 'active' && sub.status !== 'pending')) continue;
      if (sub.mandateId === id || !this.findValidMandate(customerId, sub.method)) {
        sub.status = 'canceled';
        sub.canceledAt = new Date().toISOString();
      }
    }
    this.store.save();
  }

  private findValidMandate(customerId: string, method: string | null): MandateRecord | undefined {
    return this.listMandates(customerId).find(
      (m) => m.status === 'valid' && (method === null || m.method === method),
    );
  }

  private usableMandate(customerId: string, mandateId: string | null, method: string | null): MandateRecord {
    if (mandateId !== null) {
      const mandate = this.state.mandates[mandateId];
      if (!mandate || mandate.customerId !== customerId) {
        throw unprocessable(`No mandate exists with token ${mandateId} for this customer.`, 'mandateId');
      }
      if (mandate.status !== 'valid') {
        throw unprocessable(`The mandate ${mandateId} is not valid.`, 'mandateId');
      }
      return mandate;
    }
    const mandate = this.findValidMandate(customerId, method);
    if (!mandate) throw unprocessable('The customer has no valid mandate.');
    return mandate;
  }

  // Subscriptions

  createSubscription(customerId: string, body: JsonObject): SubscriptionRecord {
    this.getCustomer(customerId);
    const amount = requiredAmount(body);
    const interval = requiredString(body, 'interval', 32);
    parseInterval(interval);
    const description = requiredString(body, 'description');
    const times = body.times ?? null;
    if (times !== null && (typeof times !== 'number' || !Number.isInteger(times) || times < 1)) {
      throw unprocessable('The times field must be a positive integer.', 'times');
    }
    const startDate = optionalString(body, 'startDate', 10) ?? todayInAmsterdam();
    if (!isDate(startDate)) throw unprocessable('The start date must be a date (YYYY-MM-DD).', 'startDate');
    const method = optionalString(body, 'method', 32);
    if (method !== null && !['directdebit', 'creditcard', 'paypal'].includes(method)) {
      throw unprocessable(`The method '${method}' cannot be used for a subscription.`, 'method');
    }
    const active = Object.values(this.state.subscriptions).filter(
      (s) => s.customerId === customerId && (s.status === 'active' || s.status === 'pending'),
    );
    if (active.some((s) => s.description === description)) {
      throw unprocessable(
        'The description must be unique among the customer’s active subscriptions.',
        'description',
      );
    }
    const mandateId = optionalString(body, 'mandateId', 64);
    if (method !== null && mandateId !== null) {
      throw unprocessable('The method and mandateId parameters can not be set together.', 'method');
    }
    this.usableMandate(customerId, mandateId, method);
    const subscription: SubscriptionRecord = {
      id: newId('sub_'),
      ...this.stamp(),
      customerId,
      status: 'active',
      amount,
      times,
      chargesDone: 0,
      interval,
      startDate,
      description,
      method,
      mandateId,
      webhookUrl: optionalUrl(body, 'webhookUrl'),
      metadata: optionalMetadata(body),
      canceledAt: null,
    };
    this.state.subscriptions[subscription.id] = subscription;
    this.store.save();
    return subscription;
  }

  getSubscription(customerId: string, id: string): SubscriptionRecord {
    this.getCustomer(customerId);
    const sub = this.state.subscriptions[id];
    if (!sub || sub.customerId !== customerId) {
      throw new MollieError(404, `No subscription exists with token ${id}.`);
    }
    return sub;
  }

  findSubscription(id: string): SubscriptionRecord {
    const sub = this.state.subscriptions[id];
    if (!sub) throw new MollieError(404, `No subscription exists with token ${id}.`);
    return sub;
  }

  listSubscriptions(customerId?: string): SubscriptionRecord[] {
    if (customerId !== undefined) this.getCustomer(customerId);
    return newestFirst(
      Object.values(this.state.subscriptions).filter(
        (s) => customerId === undefined || s.customerId === customerId,
      ),
    );
  }

  cancelSubscription(customerId: string, id: string): SubscriptionRecord {
    const sub = this.getSubscription(customerId, id);
    if (sub.status !== 'active' && sub.status !== 'pending' && sub.status !== 'suspended') {
      throw unprocessable(`The subscription is ${sub.status} and cannot be canceled.`);
    }
    sub.status = 'canceled';
    sub.canceledAt = new Date().toISOString();
    this.store.save();
    return sub;
  }

  /** The (scheduled) date of the subscription's last charge; only for a subscription charged at least once. */
  private lastChargeDate(sub: SubscriptionRecord): string {
    const from = sub.scheduleFrom ?? { date: sub.startDate, charges: 0 };
    return chargeDate(from.date, parseInterval(sub.interval), sub.chargesDone - 1 - from.charges);
  }

  nextPaymentDate(sub: SubscriptionRecord): string | null {
    if (sub.status !== 'active' && sub.status !== 'pending') return null;
    const from = sub.scheduleFrom ?? { date: sub.startDate, charges: 0 };
    return chargeDate(from.date, parseInterval(sub.interval), sub.chargesDone - from.charges);
  }

  /**
   * `PATCH /customers/{id}/subscriptions/{id}`, as Mollie: amount, description, interval, startDate,
   * times, mandateId, metadata, webhookUrl; fields left out stay. Canceled (and completed)
   * subscriptions cannot be updated. A new `startDate` is the next charge date; a new `interval`
   * applies after the charge already planned.
   */
  updateSubscription(customerId: string, id: string, body: JsonObject): SubscriptionRecord {
    const sub = this.getSubscription(customerId, id);
    if (sub.status === 'canceled' || sub.status === 'completed') {
      throw unprocessable(`The subscription is ${sub.status} and cannot be updated.`);
    }
    for (const field of Object.keys(body)) {
      if (!updatableFields.has(field)) {
        throw unprocessable(`Non-existent body parameter "${field}" for this API call.`, field);
      }
    }
    const has = (field: string) => body[field] !== undefined;
    const amount = has('amount') ? requiredAmount(body) : sub.amount;
    const description = has('description') ? requiredString(body, 'description') : sub.description;
    if (
      description !== sub.description &&
      this.listSubscriptions(customerId).some(
        (s) =>
          s.id !== sub.id &&
          (s.status === 'active' || s.status === 'pending') &&
          s.description === description,
      )
    ) {
      throw unprocessable(
        'The description must be unique among the customer’s active subscriptions.',
        'description',
      );
    }
    const interval = has('interval') ? requiredString(body, 'interval', 32) : sub.interval;
    parseInterval(interval);
    const startDate = has('startDate') ? requiredString(body, 'startDate', 10) : null;
    if (startDate !== null && !isDate(startDate)) {
      throw unprocessable('The start date must be a date (YYYY-MM-DD).', 'startDate');
    }
    if (startDate !== null && sub.chargesDone > 0) {
      throw unprocessable(
        'The start date can not be changed when the subscription is already charged.',
        'startDate',
      );
    }
    if (startDate !== null && startDate < todayInAmsterdam()) {
      throw unprocessable('The start date must be in the future.', 'startDate');
    }
    let times = sub.times;
    if (has('times')) {
      const value = body.times ?? null;
      if (value !== null && (typeof value !== 'number' || !Number.isInteger(value) || value < 1)) {
        throw unprocessable('The times field must be a positive integer.', 'times');
      }
      if (value !== null && value < sub.chargesDone) {
        throw unprocessable(
          `The times field can not be less than the ${sub.chargesDone} payments made.`,
          'times',
        );
      }
      times = value;
    }
    const mandateId = has('mandateId') ? requiredString(body, 'mandateId', 64) : sub.mandateId;
    if (has('mandateId')) this.usableMandate(customerId, mandateId, null);
    const metadata = has('metadata') ? optionalMetadata(body) : sub.metadata;
    const webhookUrl = has('webhookUrl') ? optionalUrl(body, 'webhookUrl') : sub.webhookUrl;

    // Everything validated: apply. (A startDate only comes before the first charge, see above.)
    if (startDate !== null) {
      sub.startDate = startDate;
      sub.scheduleFrom = { date: startDate, charges: 0 };
    } else if (interval !== sub.interval && sub.chargesDone > 0) {
      // "The new interval will be calculated from the last charge date" (Mollie's reference).
      sub.scheduleFrom = { date: this.lastChargeDate(sub), charges: sub.chargesDone - 1 };
    }
    Object.assign(sub, { amount, description, interval, times, mandateId, metadata, webhookUrl });
    // "If you set a method before, it will be changed to null when setting this parameter."
    if (has('mandateId')) sub.method = null;
    if (sub.times !== null && sub.chargesDone >= sub.times) sub.status = 'completed';
    this.store.save();
    return sub;
  }

  /** The control's plan for the next renewal of a subscription (`sub_…`) or customer (`cst_…`). */
  planRenewal(id: string, plan: PlannedRenewal | null): void {
    if (plan === null) delete this.state.plannedRenewals[id];
    else this.state.plannedRenewals[id] = plan;
    this.store.save();
  }

  plannedRenewal(id: string): PlannedRenewal | null {
    return this.state.plannedRenewals[id] ?? null;
  }

  /** Where the plan for this subscription's next charge is kept (subscription before customer), if any. */
  private plannedRenewalKey(sub: SubscriptionRecord): string | null {
    return [sub.id, sub.customerId].find((key) => this.state.plannedRenewals[key]) ?? null;
  }

  /**
   * The method the subscription's next renewal would be charged with (its mandate's), or null when
   * it has no usable mandate now. A plan's failure reason is checked against it.
   */
  renewalMethod(subscriptionId: string): string | null {
    const sub = this.findSubscription(subscriptionId);
    try {
      return this.usableMandate(sub.customerId, sub.mandateId, sub.method).method;
    } catch (error) {
      if (error instanceof MollieError) return null;
      throw error;
    }
  }

  /**
   * Mollie's daily run, now: every active subscription whose nextPaymentDate is on or before `date`
   * (default today in Amsterdam) is charged once, with its planned outcome (paid when none).
   */
  runDueRenewals(date = todayInAmsterdam()): {
    runs: (StatusChange & { subscription: SubscriptionRecord })[];
    /** Due subscriptions that could not be charged (no valid mandate), with the reason. */
    skipped: { subscriptionId: string; detail: string }[];
  } {
    const due = this.listSubscriptions()
      .filter((s) => s.status === 'active' && (this.nextPaymentDate(s) ?? '9999') <= date)
      .reverse();
    const runs: (StatusChange & { subscription: SubscriptionRecord })[] = [];
    const skipped: { subscriptionId: string; detail: string }[] = [];
    for (const s of due) {
      try {
        runs.push(this.runNextPayment(s.id));
      } catch (error) {
        if (!(error instanceof MollieError)) throw error;
        skipped.push({ subscriptionId: s.id, detail: error.detail });
      }
    }
    return { runs, skipped };
  }

  /**
   * What Mollie does on `nextPaymentDate`, now: a recurring payment on the mandate with the chosen
   * bank outcome, the subscription moved one interval on, and the payment's webhook delivered.
   */
  runNextPayment(
    subscriptionId: string,
    asked?: PlannedRenewal,
  ): StatusChange & { subscription: SubscriptionRecord } {
    const sub = this.findSubscription(subscriptionId);
    if (sub.status !== 'active') {
      throw unprocessable(`The subscription is ${sub.status}; only active ones charge.`);
    }
    const mandate = this.usableMandate(sub.customerId, sub.mandateId, sub.method);
    const key = asked ? null : this.plannedRenewalKey(sub);
    const plan = asked ?? (key ? this.state.plannedRenewals[key]! : { outcome: 'paid' as const });
    // Checked before anything is charged; a plan that does not fit stays for the caller to see.
    if (plan.outcome === 'failed') checkFailureFits(mandate.method, plan);
    if (key) delete this.state.plannedRenewals[key];
    const payment = this.newPayment({
      amount: { ...sub.amount },
      description: sub.description,
      metadata: sub.metadata,
      redirectUrl: null,
      cancelUrl: null,
      webhookUrl: sub.webhookUrl,
      locale: null,
      sequenceType: 'recurring',
      customerId: sub.customerId,
      mandateId: mandate.id,
      method: mandate.method,
      status: 'pending',
      expiresAt: null,
    });
    payment.subscriptionId = sub.id;
    this.state.payments[payment.id] = payment;
    sub.chargesDone += 1;
    if (sub.times !== null && sub.chargesDone >= sub.times) {
      sub.status = 'completed';
    } else if (sub.times === null && sub.chargesDone >= testModeChargeLimit) {
      sub.status = 'canceled';
      sub.canceledAt = new Date().toISOString();
    }
    const change = this.setPaymentStatus(payment.id, plan.outcome, plan);
    return { ...change, subscription: sub };
  }

  reset(): void {
    this.store.reset();
  }
}

/** What Mollie's subscription update takes; any other body parameter is refused (422). */
const updatableFields = new Set([
  'amount',
  'description',
  'interval',
  'startDate',
  'times',
  'mandateId',
  'metadata',
  'webhookUrl',
  'testmode',
]);

export function isCancelable(payment: PaymentRecord): boolean {
  return payment.status === 'open' || payment.status === 'pending';
}

function newestFirst<T extends { seq: number }>(items: T[]): T[] {
  return items.sort((a, b) => b.seq - a.seq);
}

function parseSequenceType(value: unknown): SequenceType {
  if (value === undefined || value === null) return 'oneoff';
  if (value === 'oneoff' || value === 'first' || value === 'recurring') return value;
  throw unprocessable(`The sequence type '${String(value)}' is invalid.`, 'sequenceType');
}

/** Mollie takes a method, a list of methods (the payer chooses), or null. */
function parseMethod(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const list = Array.isArray(value) ? value : [value];
  for (const item of list) {
    if (typeof item !== 'string' || !knownMethods.has(item)) {
      throw unprocessable(`The payment method '${String(item)}' is invalid.`, 'method');
    }
  }
  return list.length === 1 ? (list[0] as string) : null;
}

/** A plausible, stable Dutch test account per customer (valid IBAN check digits). */
function testAccount(seed: string) {
  const hash = createHash('sha256').update(seed).digest();
  const accountNumber = (hash.readUInt32BE(0) % 10_000_000_000).toString().padStart(10, '0');
  const bban = `INGB${accountNumber}`;
  const numeric = `${bban}NL00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  const remainder = Number(BigInt(numeric) % 97n);
  const check = (98 - remainder).toString().padStart(2, '0');
  return {
    iban: `NL${check}${bban}`,
    bic: 'INGBNL2A',
    cardLast4: (hash.readUInt16BE(4) % 10_000).toString().padStart(4, '0'),
    fingerprint: hash.subarray(6, 18).toString('base64url'),
  };
}
