import type { Membership } from '@kring/contract';
import type { Selectable } from 'kysely';
import type { MembershipsTable } from '../db/schema.ts';
import type { Conn } from '../lib/db.ts';

/** The only code that reads memberships for display; the payment flow writes them in its own repo. */
export type MembershipRow = Selectable<MembershipsTable>;

export const findMembership = (conn: Conn, uid: string): Promise<MembershipRow | undefined> =>
  conn.selectFrom('memberships').selectAll().where('uid', '=', uid).executeTakeFirst();

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toMembership = (row: MembershipRow): Membership => ({
  firstName: row.first_name,
  lastName: row.last_name,
  birthdate: row.birthdate,
  phoneNumber: row.phone_number,
  streetName: row.street_name,
  houseNumber: row.house_number,
  houseNumberExtension: row.house_number_extension,
  postalCode: row.postal_code,
  city: row.city,
  country: row.country,
  status: row.status,
  subscribedAt: iso(row.subscribed_at),
  renewedAt: iso(row.renewed_at),
  canceledAt: iso(row.canceled_at),
  expiresAt: iso(row.expires_at),
  expiredAt: iso(row.expired_at),
});
