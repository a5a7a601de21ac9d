import { reasonText } from '../messages/error-reasons.ts';
import { nl } from '../messages/nl.ts';
import { ApiError } from './api.ts';

/**
 * The Dutch text for a failed call: a clear one where the server said why (too many calls, a
 * service briefly unreachable, a reason with a text of its own), otherwise the screen's own text
 * (the spec's messages).
 */
export function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  // A reason with a text of its own says more than its code (the chat's first-contact limits are 429s).
  const reason = error.reason && reasonText[error.reason];
  if (reason) return reason;
  if (error.code === 'RATE_LIMITED') return nl.common.rateLimited;
  if (error.code === 'UNAVAILABLE') return nl.common.unavailable;
  return fallback;
}
