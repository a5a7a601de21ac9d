import {
  type ErrorBody,
  type ErrorCode,
  type ErrorIssue,
  type ErrorReason,
  errorStatus,
  type FileDownload,
} from '@kring/contract';
import type { HttpResponse } from './types.ts';

const apiHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): HttpResponse => ({
  status,
  headers: { ...apiHeaders, ...headers },
  body,
});

/**
 * A download endpoint's file: streamed as it is made, saved under its name by the browser. Not cached
 * anywhere (personal data), and no content sniffing.
 */
export const fileResponse = (file: FileDownload): HttpResponse => ({
  status: 200,
  headers: {
    'content-type': file.contentType,
    'content-disposition': `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  },
  body: null,
  stream: file.chunks,
});

export const errorResponse = (
  code: ErrorCode,
  extra: { reason?: ErrorReason | undefined; issues?: ErrorIssue[]; headers?: Record<string, string> } = {},
): HttpResponse => {
  const body: ErrorBody = { error: { code } };
  if (extra.reason) body.error.reason = extra.reason;
  if (extra.issues?.length) body.error.issues = extra.issues;
  return json(errorStatus[code], body, extra.headers);
};

/** A guard's refusal that carries more than an ApiError may (a Retry-After header): answered as is. */
export class Refusal extends Error {
  constructor(readonly response: HttpResponse) {
    super(`refused: ${response.status}`);
    this.name = 'Refusal';
  }
}
