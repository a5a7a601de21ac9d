import { z } from 'zod';
import { isoDate, nullableDate, roleSchema } from '../../schemas.ts';
import { adminEndpoint, adminLogEntry, memberListItem, memberUid } from './admin-schemas.ts';

/** /beheer/leden/:uid: personal details, membership, role, suspensions, reports and the admin log. */
export const getMemberAdmin = adminEndpoint({
  name: 'getMemberAdmin',
  input: z.object({ uid: memberUid }),
  output: z.object({
    member: memberListItem.extend({
      profileId: z.number().int().nullable(),
      birthdate: z.string(),
      phoneNumber: z.string(),
      address: z.string(),
      subscribedAt: nullableDate,
      renewedAt: nullableDate,
      canceledAt: nullableDate,
      graceUntil: nullableDate,
      role: roleSchema,
    }),
    suspensions: z.array(
      z.object({ until: isoDate, reason: z.string(), createdAt: isoDate, liftedAt: nullableDate }),
    ),
    reports: z.array(
      z.object({
        id: z.number().int(),
        itemKind: z.string(),
        itemId: z.number().int(),
        reason: z.string(),
        createdAt: isoDate,
        resolution: z.string().nullable(),
      }),
    ),
    log: z.array(adminLogEntry),
  }),
});
