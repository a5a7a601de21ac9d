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

/** One failing field: `path` is the dotted field name (`membership.postalCode`), `message` is Dutch. */
export interface ErrorIssue {
  path: string;
  message: string;
}

/** What every failing call answers: `{ error: { code, issues? } }`. Internal details never cross the wire. */
export interface ErrorBody {
  error: { code: ErrorCode; message?: string; issues?: ErrorIssue[] };
}
