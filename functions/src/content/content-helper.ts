/**
 * Content-helper semantics of the spec (sections 5 and 8) for everything that reads the CMS:
 * a 404 or a missing required property is "not found"; an empty, non-JSON or unparsable answer
 * or any other non-OK status is a generic error. Details go to the log, never to the caller.
 */
import { type ContentTypeApiId, contentTypeDef } from './content-types.ts';

export type ContentErrorCode = 'NOT_FOUND' | 'INTERNAL';

export abstract class ContentError extends Error {
  abstract readonly code: ContentErrorCode;
  /** For the log only. */
  readonly details: unknown;

  constructor(message: string, details?: unknown) {
    super(message);
    this.name = new.target.name;
    this.details = details;
  }
}

export class ContentNotFoundError extends ContentError {
  readonly code = 'NOT_FOUND';
}

export class ContentInternalError extends ContentError {
  readonly code = 'INTERNAL';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The value at a dotted path (`'primary.home'`, `'socials.0.type'`), or a ContentNotFoundError
 * `Required property "{path}" is null or undefined` when it, or anything on the way, is missing.
 * Falsy values (0, '', false) are present.
 */
export function requireProperty(obj: unknown, path: string): NonNullable<unknown> {
  let current: unknown = obj;
  for (const key of path.split('.')) {
    current = isRecord(current) ? current[key] : undefined;
    if (current === null || current === undefined) break;
  }
  if (current === null || current === undefined) {
    throw new ContentNotFoundError(`Required property "${path}" is null or undefined`, { path });
  }
  return current;
}

/** Throws ContentNotFoundError for the first required property of the type the entry lacks. */
export function assertRequiredProperties(apiId: ContentTypeApiId, entry: unknown): void {
  for (const path of contentTypeDef(apiId).required) requireProperty(entry, path);
}

/** The first missing required property's error, or null when the entry is complete. */
export function missingRequiredProperty(
  apiId: ContentTypeApiId,
  entry: unknown,
): ContentNotFoundError | null {
  try {
    assertRequiredProperties(apiId, entry);
    return null;
  } catch (err) {
    if (err instanceof ContentNotFoundError) return err;
    throw err;
  }
}

/**
 * A copy without undefined values: object keys whose value is undefined are dropped and undefined
 * array items are removed, at any depth. null is a value and stays. Plain objects and arrays are
 * copied; anything else (Date, class instances) is returned as is.
 */
export function stripUndefinedDeep<T>(value: T): T {
  return strip(value) as T;
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(strip);
  if (isRecord(value) && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) out[key] = strip(item);
    }
    return out;
  }
  return value;
}

/**
 * Reads a CMS answer: the parsed JSON body of a 2xx, else a ContentError per the spec's catalogue.
 * `what` names the request in error details (e.g. the URL without the token).
 */
export async function readCmsJson(res: Response, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    throw new ContentInternalError('CMS response could not be read', {
      what,
      status: res.status,
      cause: String(err),
    });
  }
  if (res.status === 404)
    throw new ContentNotFoundError('CMS answered 404', { what, body: text.slice(0, 500) });
  if (!res.ok) {
    throw new ContentInternalError(`CMS answered ${res.status}`, {
      what,
      status: res.status,
      body: text.slice(0, 500),
    });
  }
  if (text.trim() === '')
    throw new ContentInternalError('CMS answered an empty body', { what, status: res.status });
  const contentType = res.headers.get('content-type') ?? '';
  if (!/\bjson\b/i.test(contentType)) {
    throw new ContentInternalError('CMS answered non-JSON', { what, contentType, body: text.slice(0, 200) });
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ContentInternalError('CMS answered unparsable JSON', {
      what,
      cause: String(err),
      body: text.slice(0, 200),
    });
  }
}
