import { z } from 'zod';
import { validationError } from '../../lib/errors.ts';
import { communityMessages } from './messages.ts';

/**
 * Opaque keyset cursors: base64url JSON the client hands back unchanged. Nothing secret is in them
 * (only sort keys of an item the caller already saw), so they are not signed; a cursor that does not
 * decode to the expected shape is a 400 on `field` (`cursor` unless the input names it otherwise).
 */
export const encodeCursor = (value: unknown): string =>
  Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

export function decodeCursor<S extends z.ZodType>(cursor: string, schema: S, field = 'cursor'): z.output<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw validationError(field, communityMessages.cursorInvalid);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw validationError(field, communityMessages.cursorInvalid);
  return parsed.data;
}

/**
 * A timestamp as Postgres keeps it (microseconds; JS Dates would round it to milliseconds), as
 * `timestampText` writes it. The date and time must exist (no month 13, no 25:00, no year 0), or
 * Postgres would fail on the cast instead of the cursor being refused.
 */
export const timestampKey = z
  .string()
  // abort: the check below reads the parts and must only see the right shape.
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/, { abort: true })
  .refine((key) => {
    const [y, mo, d, h, mi, s] = key.split(/\D/, 6).map(Number);
    // setUTCFullYear, not Date.UTC: that one reads years 0-99 as 1900-1999. An impossible part
    // (month 13, 24:00, 30 February) rolls over and no longer reads back the same.
    const date = new Date(0);
    date.setUTCFullYear(y!, mo! - 1, d!);
    date.setUTCHours(h!, mi!, s!);
    if (y! < 1 || Number.isNaN(date.getTime())) return false;
    return date.toISOString().slice(0, 19) === key.slice(0, 19);
  });

/** A number that goes into an `integer` (int4) column: sort keys such as points and post counts. */
export const int4 = z.number().int().min(-2_147_483_648).max(2_147_483_647);
