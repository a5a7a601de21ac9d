import type { listMembersAdmin, Role } from '@kring/contract';
import { z } from 'zod';
import { toComp } from '../accounts/memberships.repo.ts';
import { decodeCursor, encodeCursor, timestampKey } from '../community/shared/cursor.ts';
import type { Handler } from '../lib/handler.ts';
import { listMembers } from './members.repo.ts';

// Sort keys go into the query as text: a forged U+0000 would fail in Postgres, so it is refused here.
const keyText = z.string().refine((v) => !v.includes('\u0000'));
const memberCursor = z.object({
  a: keyText.max(300),
  b: keyText.max(300),
  u: keyText.min(1).max(128),
});
const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** Members by name or e-mail, state and sort order, one keyset page (docs/admin.md). */
export const listMembersAdminHandler: Handler<typeof listMembersAdmin> = async (
  { db },
  { q, state, sort, pageSize, cursor },
) => {
  // A 'newest' cursor carries a timestamp Postgres must be able to read.
  const shape = sort === 'newest' ? memberCursor.extend({ a: timestampKey }) : memberCursor;
  const after = cursor === null ? null : decodeCursor(cursor, shape);
  const rows = await listMembers(db, { q, state, sort, after, limit: pageSize + 1 });
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      uid: r.uid,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      profileName: r.profile_name,
      role: r.role as Role,
      state: r.state,
      memberSince: r.created_at.toISOString(),
      expiresAt: iso(r.expires_at),
      comp: toComp(r),
    })),
    nextCursor:
      rows.length > pageSize && last ? encodeCursor({ a: last.key_a, b: last.key_b, u: last.uid }) : null,
  };
};
