import type { z } from 'zod';
import { validationError } from '../lib/errors.ts';
import { communityMessages } from './community-messages.ts';

/**
 * Opaque keyset cursors: base64url JSON the client hands back unchanged. Nothing secret is in them
 * (only sort keys of an item the caller already saw), so they are not signed; a cursor that does not
 * decode to the expected shape is a 400 on `cursor`.
 */
export const encodeCursor = (value: unknown): string =>
  Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

export function decodeCursor<S extends z.ZodType>(cursor: string, schema: S): z.output<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw validationError('cursor', communityMessages.cursorInvalid);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw validationError('cursor', communityMessages.cursorInvalid);
  return parsed.data;
}

/** A timestamp as Postgres keeps it (microseconds); JS Dates would round it to milliseconds. */
export const timestampKey = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
