import type { ErrorCode, ErrorIssue, ErrorReason } from '@kring/contract';

/**
 * A failure the client is meant to see: its code, its reason (one of the contract's closed set)
 * and its field issues cross the wire, nothing else.
 */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly reason?: ErrorReason,
    readonly issues?: ErrorIssue[],
  ) {
    super(reason ?? issues?.[0]?.message ?? code);
    this.name = 'ApiError';
  }
}

export const validationError = (path: string, message: string) =>
  new ApiError('VALIDATION', undefined, [{ path, message }]);
export const notFound = (reason?: ErrorReason) => new ApiError('NOT_FOUND', reason);
export const forbidden = (reason?: ErrorReason) => new ApiError('FORBIDDEN', reason);
export const conflict = (reason?: ErrorReason) => new ApiError('CONFLICT', reason);

/** Postgres unique_violation on the named constraint or index. */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean => {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
};
