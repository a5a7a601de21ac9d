import { nl } from '../messages/nl.ts';
import { nlBlock } from '../messages/report.ts';
import { ApiError } from './api.ts';

/**
 * The Dutch text for a failed call: a clear one where the server said why (too many calls, a
 * service briefly unreachable), otherwise the screen's own text (the spec's messages).
 */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code === 'RATE_LIMITED') return nl.common.rateLimited;
  if (error instanceof ApiError && error.code === 'UNAVAILABLE') return nl.common.unavailable;
  if (error instanceof ApiError && error.reason === 'CHAT_BLOCKED') return nlBlock.blockedByThem;
  if (error instanceof ApiError && error.reason === 'CHAT_YOU_BLOCKED') return nlBlock.blockedByYou;
  return fallback;
}
