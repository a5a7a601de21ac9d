import { z } from 'zod';
import { type Endpoint, endpoint } from '../../endpoint.ts';
import { compMembership, isoDate, nullableDate, roleSchema, storableText } from '../../schemas.ts';

/** Shapes shared by the /beheer calls (issue 25, docs/admin.md). */

/**
 * A /beheer call: in the community service, for admins only, and with a recent sign-in (a stale
 * session answers 401 RECENT_SIGN_IN_REQUIRED), as docs/admin.md requires of every one of them.
 */
export const adminEndpoint = <N extends string, I extends z.ZodType, O extends z.ZodType>(
  def: Omit<Endpoint<N, I, O, 'admin', 'community'>, 'service' | 'access' | 'session'>,
) => endpoint({ ...def, service: 'community', access: 'admin', session: 'recent' });

/** 'no_membership': a moderator or admin without a membership row (listed so they can be found). */
export const memberState = z.enum([
  'active',
  'cancelled_running',
  'comp',
  'expired',
  'pending',
  'suspended',
  'no_membership',
]);
export type MemberState = z.infer<typeof memberState>;

/** A Firebase uid as the admin pages pass it back (no U+0000: Postgres text cannot hold it). */
export const memberUid = storableText().trim().min(1).max(128);

export const memberListItem = z.object({
  uid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  profileName: z.string().nullable(),
  role: roleSchema,
  state: memberState,
  memberSince: isoDate,
  expiresAt: nullableDate,
  /** A running complimentary membership (state 'comp' unless suspended). */
  comp: compMembership.nullable(),
});
export type MemberListItem = z.infer<typeof memberListItem>;

/** One line of the admin log (admin actions and the moderation log read together). */
export const adminLogEntry = z.object({
  /** Unique: 'a12' (admin_log; 'm7' was a moderation_log row before 0022 moved them into admin_log). */
  id: z.string(),
  source: z.enum(['admin', 'moderation']),
  action: z.string(),
  actorName: z.string().nullable(),
  subjectUid: z.string().nullable(),
  subjectName: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: isoDate,
});
export type AdminLogEntry = z.infer<typeof adminLogEntry>;
