import type { Json } from './store.ts';
import { isObject, unprocessable } from './validate.ts';

/**
 * Why a payment failed, as Mollie reports it in `details`: card (and other non-SEPA) payments carry
 * `failureReason` (+ a `failureMessage` for the payer); SEPA direct debits carry the bank's return
 * code `bankReasonCode` and its text `bankReason` (ISO 20022 / EPC reason codes).
 */
export interface Failure {
  failureReason?: string;
  bankReasonCode?: string;
}

/** Mollie's `details.failureReason` values, with a payer-facing message (en, nl). */
export const failureReasons: Record<string, { en: string; nl: string }> = {
  authentication_abandoned: {
    en: 'The authentication was abandoned.',
    nl: 'De verificatie is afgebroken.',
  },
  authentication_failed: { en: 'The authentication failed.', nl: 'De verificatie is mislukt.' },
  authentication_required: {
    en: 'The card issuer requires authentication.',
    nl: 'De kaartuitgever vraagt om verificatie.',
  },
  authentication_unavailable_acs: {
    en: 'The card issuer could not authenticate the payment.',
    nl: 'De kaartuitgever kon de betaling niet verifiëren.',
  },
  card_declined: { en: 'The card was declined.', nl: 'De kaart is geweigerd.' },
  card_expired: { en: 'The card has expired.', nl: 'De kaart is verlopen.' },
  inactive_card: { en: 'The card is not active.', nl: 'De kaart is niet actief.' },
  insufficient_funds: {
    en: 'The card has insufficient funds.',
    nl: 'Er staat onvoldoende saldo op de rekening.',
  },
  invalid_cvv: { en: 'The security code is invalid.', nl: 'De beveiligingscode is onjuist.' },
  invalid_card_holder_name: {
    en: 'The card holder name is invalid.',
    nl: 'De naam van de kaarthouder is onjuist.',
  },
  invalid_card_number: { en: 'The card number is invalid.', nl: 'Het kaartnummer is onjuist.' },
  invalid_card_type: {
    en: 'The card type is not supported.',
    nl: 'Dit soort kaart wordt niet ondersteund.',
  },
  possible_fraud: {
    en: 'The payment was refused because of possible fraud.',
    nl: 'De betaling is geweigerd wegens mogelijke fraude.',
  },
  refused_by_issuer: {
    en: 'The card issuer refused the payment.',
    nl: 'De kaartuitgever heeft de betaling geweigerd.',
  },
  unknown_reason: { en: 'The payment failed.', nl: 'De betaling is mislukt.' },
};

/**
 * SEPA Direct Debit R-transaction reason codes (EPC guidance on reason codes, ISO 20022 names) as
 * they appear in `details.bankReasonCode` / `bankReason` and in a chargeback's `reason`.
 */
export const sepaReasonCodes: Record<string, string> = {
  AC01: 'Account identifier incorrect (i.e. invalid IBAN)',
  AC04: 'Account closed',
  AC06: 'Account blocked',
  AC13: 'Debtor account is a consumer account',
  AG01: 'Direct debit forbidden on this account for regulatory reasons',
  AG02: 'Operation/transaction code incorrect, invalid file format',
  AM04: 'Insufficient funds',
  AM05: 'Duplicate order',
  BE05: 'Identifier of the creditor incorrect',
  CNOR: 'Creditor bank is not registered',
  DNOR: 'Debtor bank is not registered',
  FF01: 'Operation/transaction code incorrect, invalid file format',
  MD01: 'No mandate',
  MD02: 'Missing mandatory mandate information in mandate',
  MD06: 'Refund request by end customer',
  MD07: 'End customer deceased',
  MS02: 'Refused by debtor',
  MS03: 'Reason not specified',
  RC01: 'Bank identifier incorrect (i.e. invalid BIC)',
  RR01: 'Missing debtor account or identification',
  RR02: 'Missing debtor name or address',
  RR03: 'Missing creditor name or address',
  RR04: 'Regulatory reason',
  SL01: 'Specific service offered by the debtor bank',
};

/** Defaults when a failure asks for nothing in particular: an empty account, as most often. */
export const defaultBankReasonCode = 'AM04';
export const defaultCardFailureReason = 'card_declined';

export function isSepaReasonCode(code: string): boolean {
  return Object.hasOwn(sepaReasonCodes, code);
}

/** Reads `failureReason` and `bankReasonCode` from a control body; 422 for unknown values. */
export function parseFailure(body: Json | undefined): Failure {
  if (!isObject(body)) return {};
  const failure: Failure = {};
  const reason = body.failureReason;
  if (reason !== undefined && reason !== null) {
    if (typeof reason !== 'string' || !Object.hasOwn(failureReasons, reason)) {
      throw unprocessable(
        `failureReason must be one of Mollie's: ${Object.keys(failureReasons).join(', ')}.`,
        'failureReason',
      );
    }
    failure.failureReason = reason;
  }
  const code = body.bankReasonCode;
  if (code !== undefined && code !== null) {
    if (typeof code !== 'string' || !isSepaReasonCode(code)) {
      throw unprocessable(
        `bankReasonCode must be a SEPA return code: ${Object.keys(sepaReasonCodes).join(', ')}.`,
        'bankReasonCode',
      );
    }
    failure.bankReasonCode = code;
  }
  return failure;
}

/**
 * Which failure field Mollie reports for a payment method: SEPA direct debits a bank return code
 * (`bankReasonCode`), card payments (`creditcard`, Apple Pay) a `failureReason`, other methods
 * (iDEAL, PayPal, ...) neither.
 */
function failureField(method: string | null): 'bankReasonCode' | 'failureReason' | null {
  if (method === 'directdebit') return 'bankReasonCode';
  if (method === 'creditcard' || method === 'applepay') return 'failureReason';
  return null;
}

/** 422 when a control asks for a failure field Mollie does not give for this method. */
export function checkFailureFits(method: string | null, failure: Failure): void {
  const fits = failureField(method);
  for (const asked of ['bankReasonCode', 'failureReason'] as const) {
    if (failure[asked] === undefined || asked === fits) continue;
    const kind = method === null ? 'a payment without a method' : `a ${method} payment`;
    throw unprocessable(
      `Mollie gives no ${asked} on ${kind}: bankReasonCode is for SEPA direct debits, failureReason for card payments.`,
      asked,
    );
  }
}

export function failureMessage(reason: string, locale: string | null): string {
  const text = failureReasons[reason] ?? failureReasons.unknown_reason!;
  return locale?.startsWith('nl') ? text.nl : text.en;
}
