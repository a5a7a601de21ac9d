import type { ErrorCode, ErrorIssue } from '@kring/contract';

/** A failure the client is meant to see: its code (and field issues) cross the wire, nothing else. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly issues?: ErrorIssue[],
  ) {
    super(message ?? code);
    this.name = 'ApiError';
  }
}

export const validationError = (path: string, message: string) =>
  new ApiError('VALIDATION', message, [{ path, message }]);
export const notFound = (what = 'NOT_FOUND') => new ApiError('NOT_FOUND', what);
export const forbidden = (why = 'FORBIDDEN') => new ApiError('FORBIDDEN', why);
export const conflict = (why = 'CONFLICT') => new ApiError('CONFLICT', why);

/** Postgres unique_violation on the named constraint or index. */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean => {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
};
