/** The closed set of error codes a Kring endpoint answers with, and the HTTP status of each. */
export const errorStatus = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  NOT_IMPLEMENTED: 501,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/**
 * Why a call failed, beside its code, where the client acts on it or a person needs to know:
 * the closed set of machine reasons an endpoint answers with. The web maps each to Dutch
 * (`web/src/messages/error-reasons.ts`), so a reason added here without a text is a type error there.
 */
export const errorReasons = [
  // The session and the caller (router)
  'SESSION_REVOKED',
  'RECENT_SIGN_IN_REQUIRED',
  'ROLE_REQUIRED',
  'PROFILE_REQUIRED',
  // Something the call names is not there
  'PROFILE_NOT_FOUND',
  'POST_NOT_FOUND',
  'COMMENT_NOT_FOUND',
  'THREAD_NOT_FOUND',
  'RECIPIENT_NOT_FOUND',
  'ITEM_NOT_FOUND',
  'NO_OPEN_REPORTS',
  'NO_MEMBERSHIP',
  // Not allowed for this caller
  'NOT_AUTHOR',
  'CHAT_BLOCKED',
  'CHAT_YOU_BLOCKED',
  // Too many first messages to members who have not answered (contract chatFirstContact; 429)
  'CHAT_NEW_CONVERSATIONS_LIMIT',
  'CHAT_UNANSWERED_LIMIT',
  // The state does not allow it
  'PROFILE_EXISTS',
  'MEMBERSHIP_EXISTS',
  'MEMBERSHIP_ACTIVE',
  'MEMBERSHIP_NOT_ACTIVE',
  'ALREADY_REPORTED',
  'PAYMENT_PROVIDER_REFUSED',
  'MEMBERSHIP_NOT_RESUMABLE',
  'MANDATE_INVALID',
  'NO_MISSED_PAYMENT',
  'MEMBERSHIP_NOT_RENEWING',
  // A complimentary membership: refused while the Mollie subscription renews; ending one the member lacks
  'MEMBERSHIP_RENEWING',
  'NO_COMP',
  // A renewal is due today or Mollie's charge is not settled yet: a plan switch now would charge twice
  'RENEWAL_IN_PROGRESS',
  // A service Kring depends on is away or busy
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'PAYMENT_START_BUSY',
  'CMS_UNAVAILABLE',
  'STORAGE_UNAVAILABLE',
  'ROLE_SYNC_FAILED',
  // The mail server refused or could not be reached (an admin's 'Bon opnieuw sturen')
  'MAIL_UNAVAILABLE',
  // Deleting your own account as the only admin would leave nobody to run /beheer
  'LAST_ADMIN',
] as const;

export type ErrorReason = (typeof errorReasons)[number];

/** One failing field: `path` is the dotted field name (`membership.postalCode`), `message` is Dutch. */
export interface ErrorIssue {
  path: string;
  message: string;
}

/**
 * What every failing call answers: `{ error: { code, reason?, issues? } }`. Internal details never
 * cross the wire.
 */
export interface ErrorBody {
  error: { code: ErrorCode; reason?: ErrorReason; issues?: ErrorIssue[] };
}
