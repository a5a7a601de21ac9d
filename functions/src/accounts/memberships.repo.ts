import {
  isDutchCountry,
  type Membership,
  type PersonalDetails,
  type SubscriptionStatus,
} from '@kring/contract';
import { type Selectable, sql } from 'kysely';
import type { CompKind, MembershipsTable } from '../db/schema.ts';
import type { Conn, Tx } from '../lib/db.ts';

/**
 * The only code that runs SQL on memberships: the member's record, read by community (account page,
 * personal details) and written by subscription (the lifecycle). Payments are in subscription/payments.repo.ts.
 */
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
  comp: toComp(row),
});

export const toSubscriptionStatus = (row: MembershipRow | undefined): SubscriptionStatus => ({
  status: row?.status ?? null,
  subscribedAt: iso(row?.subscribed_at ?? null),
  renewedAt: iso(row?.renewed_at ?? null),
  canceledAt: iso(row?.canceled_at ?? null),
  expiresAt: iso(row?.expires_at ?? null),
  expiredAt: iso(row?.expired_at ?? null),
  comp: toComp(row),
});

/** Whether a membership status gives access to the community (and the Member role). */
export const grantsAccess = (status: MembershipRow['status'] | null | undefined): boolean =>
  status === 'active' || status === 'canceled';

/**
 * Whether the member has access: a paid membership that gives it, or a complimentary one (set while it
 * runs; the hourly job clears it once its date has passed, docs/admin.md).
 */
export const hasAccess = (m: Pick<MembershipRow, 'status' | 'comp_kind'> | undefined): boolean =>
  !!m && (grantsAccess(m.status) || m.comp_kind !== null);

/** The caller's complimentary membership as the contract shows it, null without one. */
export const toComp = (row: Pick<MembershipRow, 'comp_kind' | 'comp_until'> | undefined) =>
  row?.comp_kind && row.comp_until ? { kind: row.comp_kind, until: row.comp_until.toISOString() } : null;

/** Starts or changes a complimentary membership; the role claim follows after commit (role_sync_needed). */
export const setComp = (tx: Tx, uid: string, kind: CompKind, until: Date) =>
  tx
    .updateTable('memberships')
    .set({ comp_kind: kind, comp_until: until, role_sync_needed: true, updated_at: sql<Date>`now()` })
    .where('uid', '=', uid)
    .execute();

/**
 * Ends a complimentary membership (by an admin, or its date passed) at `at`; the role claim follows.
 * When the paid membership had expired already, the membership ends here: expired_at moves to the
 * comp's end, so the retention period (docs/privacy.md) counts from the day access really ended.
 */
export const clearComp = (conn: Conn, uid: string, at: Date) =>
  conn
    .updateTable('memberships')
    .set({
      comp_kind: null,
      comp_until: null,
      expired_at: sql<Date | null>`CASE WHEN status = 'expired'
        THEN greatest(expired_at, least(comp_until, ${at}::timestamptz)) ELSE expired_at END`,
      role_sync_needed: true,
      updated_at: sql<Date>`now()`,
    })
    .where('uid', '=', uid)
    .where('comp_kind', 'is not', null)
    .executeTakeFirst();

/**
 * The end of `date` (YYYY-MM-DD) in Amsterdam, i.e. the first moment of the next day there, and
 * whether `date` is today or later (Amsterdam) and at most `maxYears` ahead.
 */
export async function compEnd(conn: Conn, date: string, maxYears: number) {
  const { rows } = await sql<{ until: Date; valid: boolean }>`
    SELECT (${date}::date + 1)::timestamp AT TIME ZONE 'Europe/Amsterdam' AS until,
      ${date}::date >= (now() AT TIME ZONE 'Europe/Amsterdam')::date
        AND ${date}::date <= (now() AT TIME ZONE 'Europe/Amsterdam')::date + make_interval(years => ${maxYears}::int)
        AS valid
  `.execute(conn);
  return rows[0]!;
}

/** Complimentary memberships whose date has passed by `now` (`uids` narrows the scan: tests share one database). */
export async function compEnded(conn: Conn, now: Date, uids?: string[]) {
  let query = conn
    .selectFrom('memberships')
    .select('uid')
    .where('comp_kind', 'is not', null)
    .where('comp_until', '<=', now);
  if (uids) query = query.where('uid', 'in', uids.length ? uids : ['']);
  return (await query.execute()).map((r) => r.uid);
}

/** Stored the way members read them back: trimmed by the schema, Dutch postal codes as '1234 AB'. */
function detailsColumns(details: PersonalDetails) {
  const postalCode = isDutchCountry(details.country)
    ? details.postalCode.replace(
        /^(\d{4}) ?([A-Za-z]{2})$/,
        (_m, digits: string, letters: string) => `${digits} ${letters.toUpperCase()}`,
      )
    : details.postalCode;
  return {
    first_name: details.firstName,
    last_name: details.lastName,
    birthdate: details.birthdate,
    phone_number: details.phoneNumber,
    street_name: details.streetName,
    house_number: details.houseNumber,
    house_number_extension: details.houseNumberExtension,
    postal_code: postalCode,
    city: details.city,
    country: details.country,
  };
}

/** A new pending membership; undefined when the user already has one. */
export const insertMembership = (conn: Conn, uid: string, details: PersonalDetails) =>
  conn
    .insertInto('memberships')
    .values({ uid, ...detailsColumns(details) })
    .onConflict((oc) => oc.column('uid').doNothing())
    .returningAll()
    .executeTakeFirst();

/** Changes the personal details only; undefined when there is no membership. */
export const updateMembershipDetails = (conn: Conn, uid: string, details: PersonalDetails) =>
  conn
    .updateTable('memberships')
    .set({ ...detailsColumns(details), updated_at: sql<Date>`now()` })
    .where('uid', '=', uid)
    .returningAll()
    .executeTakeFirst();

/**
 * Creates or updates the details when a payment starts; the status is untouched. `customer` is the
 * Mollie customer the new payment was made on: stored when the membership has none yet, or in place
 * of `replaces` (a stored customer Mollie no longer knows). Any other stored customer is kept: starting
 * a payment never moves a membership to a different customer (a paid payment does, see setCustomer).
 */
export const saveMembershipDetails = (
  conn: Conn,
  uid: string,
  details: PersonalDetails,
  customer?: { id: string; replaces: string | null },
) => {
  const columns = detailsColumns(details);
  return conn
    .insertInto('memberships')
    .values({ uid, ...columns, ...(customer ? { mollie_customer_id: customer.id } : {}) })
    .onConflict((oc) =>
      oc.column('uid').doUpdateSet({
        ...columns,
        ...(customer
          ? {
              mollie_customer_id: sql<string | null>`CASE
                WHEN memberships.mollie_customer_id IS NULL
                  OR memberships.mollie_customer_id = ${customer.replaces}
                THEN excluded.mollie_customer_id
                ELSE memberships.mollie_customer_id END`,
            }
          : {}),
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute();
};

/** The membership row, locked until the transaction ends: every lifecycle change goes through this. */
export const lockMembership = (tx: Tx, uid: string): Promise<MembershipRow | undefined> =>
  tx.selectFrom('memberships').selectAll().where('uid', '=', uid).forUpdate().executeTakeFirst();

export const findMembershipByCustomer = (conn: Conn, customerId: string) =>
  conn.selectFrom('memberships').selectAll().where('mollie_customer_id', '=', customerId).executeTakeFirst();

export const findMembershipBySubscription = (conn: Conn, subscriptionId: string) =>
  conn
    .selectFrom('memberships')
    .selectAll()
    .where('mollie_subscription_id', '=', subscriptionId)
    .executeTakeFirst();

/**
 * Points the membership at the Mollie customer its paid first payment / subscription lives on, the
 * one renewals come from and cancel must address. With `subscriptionId`, only while that is still the
 * membership's subscription (a repair made outside the webhook's transaction).
 */
export async function setCustomer(conn: Conn, uid: string, customerId: string, subscriptionId?: string) {
  let query = conn
    .updateTable('memberships')
    .set({ mollie_customer_id: customerId, updated_at: sql<Date>`now()` })
    .where('uid', '=', uid)
    .where('mollie_customer_id', 'is distinct from', customerId);
  if (subscriptionId) query = query.where('mollie_subscription_id', '=', subscriptionId);
  await query.execute();
}

export interface LifecycleFields {
  status: MembershipRow['status'];
  subscribedAt: Date | null;
  renewedAt: Date | null;
  canceledAt: Date | null;
  expiresAt: Date | null;
  expiredAt: Date | null;
  graceUntil: Date | null;
}

/** Writes a derived lifecycle; `roleSyncNeeded` raises the outbox flag (it is cleared only by clearRoleSync). */
export const writeLifecycle = (tx: Tx, uid: string, fields: LifecycleFields, roleSyncNeeded: boolean) =>
  tx
    .updateTable('memberships')
    .set({
      status: fields.status,
      subscribed_at: fields.subscribedAt,
      renewed_at: fields.renewedAt,
      canceled_at: fields.canceledAt,
      expires_at: fields.expiresAt,
      expired_at: fields.expiredAt,
      grace_until: fields.graceUntil,
      ...(roleSyncNeeded ? { role_sync_needed: true } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('uid', '=', uid)
    .execute();

/** The member's (new) live Mollie subscription. */
export const setSubscription = (
  tx: Tx,
  uid: string,
  fields: { subscriptionId: string; interval: string; mandateId: string | null },
) =>
  tx
    .updateTable('memberships')
    .set({
      mollie_subscription_id: fields.subscriptionId,
      subscription_interval: fields.interval,
      subscription_stopped_at: null,
      ...(fields.mandateId ? { mollie_mandate_id: fields.mandateId } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('uid', '=', uid)
    .execute();

/** The member asked to stop: renewals end, access lasts until expiresAt. */
export const markCanceled = (tx: Tx, uid: string, at: Date) =>
  tx
    .updateTable('memberships')
    .set({ canceled_at: sql<Date>`coalesce(canceled_at, ${at})`, updated_at: sql<Date>`now()` })
    .where('uid', '=', uid)
    .execute();

/** Mollie confirmed that this subscription charges no more. */
export const markSubscriptionStopped = (conn: Conn, uid: string, subscriptionId: string, at: Date) =>
  conn
    .updateTable('memberships')
    .set({ subscription_stopped_at: at, updated_at: sql<Date>`now()` })
    .where('uid', '=', uid)
    .where('mollie_subscription_id', '=', subscriptionId)
    .where('subscription_stopped_at', 'is', null)
    .execute();

/**
 * Memberships whose access has ended by `now`: canceled ones at expiresAt, renewing ones at the end of
 * their grace (grace_until after a failed renewal, else expiresAt + graceDays). `uids` narrows the
 * scan (tests share one database).
 */
export async function expiryCandidates(
  conn: Conn,
  now: Date,
  graceDays: number,
  uids?: string[],
  page: { after?: string; limit?: number } = {},
) {
  let query = conn
    .selectFrom('memberships')
    .select('uid')
    // Ordered and bounded: the job works in batches and a run that stops early resumes next time.
    .orderBy('uid')
    .limit(page.limit ?? 100)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'canceled'), eb('expires_at', '<=', now)]),
        eb.and([
          eb('status', '=', 'active'),
          eb(sql<Date>`coalesce(grace_until, expires_at + make_interval(days => ${graceDays}))`, '<=', now),
        ]),
      ]),
    );
  if (uids) query = query.where('uid', 'in', uids.length ? uids : ['']);
  if (page.after !== undefined) query = query.where('uid', '>', page.after);
  return (await query.execute()).map((r) => r.uid);
}

/** Memberships whose role claim has not caught up with their access yet. */
export async function roleSyncPending(conn: Conn, uids?: string[]) {
  let query = conn.selectFrom('memberships').select('uid').where('role_sync_needed', '=', true);
  if (uids) query = query.where('uid', 'in', uids.length ? uids : ['']);
  return (await query.execute()).map((r) => r.uid);
}

/** Expired memberships whose Mollie subscription may still charge. */
export async function unstoppedExpired(conn: Conn, uids?: string[]) {
  let query = conn
    .selectFrom('memberships')
    .selectAll()
    .where('status', '=', 'expired')
    .where('mollie_subscription_id', 'is not', null)
    .where('subscription_stopped_at', 'is', null);
  if (uids) query = query.where('uid', 'in', uids.length ? uids : ['']);
  return query.execute();
}

/** The membership status and stored role together, for bringing the role claim in line. */
export const findRoleState = (conn: Conn, uid: string) =>
  conn
    .selectFrom('memberships')
    .innerJoin('accounts', 'accounts.uid', 'memberships.uid')
    .select(['memberships.status', 'memberships.comp_kind', 'memberships.role_sync_needed', 'accounts.role'])
    .where('memberships.uid', '=', uid)
    .executeTakeFirst();

/**
 * Lowers the flag only if the status and the complimentary membership are still the ones the role was
 * set for: a grant or end that committed after the sync read them keeps the flag up for its own sync.
 */
export const clearRoleSync = (
  conn: Conn,
  uid: string,
  status: MembershipRow['status'],
  compKind: CompKind | null,
) =>
  conn
    .updateTable('memberships')
    .set({ role_sync_needed: false })
    .where('uid', '=', uid)
    .where('status', '=', status)
    .where((eb) => (compKind === null ? eb('comp_kind', 'is', null) : eb('comp_kind', '=', compKind)))
    .execute();

/** Mollie refused a subscription for this cycle: the membership ends at expiresAt instead of renewing. */
export const markNotRenewing = (tx: Tx, uid: string, at: Date) =>
  tx
    .updateTable('memberships')
    .set({ subscription_stopped_at: at, updated_at: sql<Date>`now()` })
    .where('uid', '=', uid)
    .execute();
