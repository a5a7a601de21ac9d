import { randomUUID } from 'node:crypto';
import { Role } from '@kring/contract';
import { describe, expect, it } from 'vitest';
import { expectAdminOnly, guardCallers } from '../../test/admin-guard.ts';
import { call, createMember } from '../../test/helpers.ts';
import { getDb } from '../lib/db.ts';
import { listMembers, type MemberState } from './members.repo.ts';
import { payingHistory, runningMonth } from './overview.repo.ts';
import { mrrCents, overview } from './overview.ts';

/**
 * The overview at /beheer (docs/admin.md "Overview"). The figures are taken at a fixed moment far
 * from every other test's data, and compared before and after seeding, so rows other test files left
 * in the shared database do not matter: the difference is exactly what this file seeded.
 */

const NOW = new Date('2031-03-10T12:00:00Z');
const GRACE_DAYS = 7;
const day = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * day);

/** The ends of the last 11 Amsterdam months (the first moment of the next month), then NOW. */
const MONTH_ENDS = [
  ['2030-04', '2030-04-30T22:00:00Z'], // summer time: midnight is 22:00 UTC
  ['2030-05', '2030-05-31T22:00:00Z'],
  ['2030-06', '2030-06-30T22:00:00Z'],
  ['2030-07', '2030-07-31T22:00:00Z'],
  ['2030-08', '2030-08-31T22:00:00Z'],
  ['2030-09', '2030-09-30T22:00:00Z'],
  ['2030-10', '2030-10-31T23:00:00Z'], // winter time from 27 October: midnight is 23:00 UTC
  ['2030-11', '2030-11-30T23:00:00Z'],
  ['2030-12', '2030-12-31T23:00:00Z'],
  ['2031-01', '2031-01-31T23:00:00Z'],
  ['2031-02', '2031-02-28T23:00:00Z'],
  ['2031-03', NOW.toISOString()],
] as const;

interface Pay {
  paid: Date;
  cents: number;
  months: 1 | 12;
  reversed?: Date;
  refundedCents?: number;
  status?: 'paid' | 'failed';
  sequence?: 'first' | 'recurring';
  purpose?: 'membership' | 'mandate';
}
interface Seed {
  name: string;
  status: 'pending' | 'active' | 'canceled' | 'expired';
  /** What the test expects the overview to call this member now. */
  state:
    | 'active'
    | 'grace'
    | 'comp'
    | 'noMembership'
    | 'cancelledRunning'
    | 'expired'
    | 'pending'
    | 'suspended';
  payments: Pay[];
  /** A running complimentary membership ('erelid'). */
  comp?: boolean;
  /** A moderator without a membership row (listed as 'no_membership'). */
  staffOnly?: boolean;
  /** The Mollie subscription stopped without a cancellation (sync-payment's markNotRenewing). */
  stoppedAt?: Date;
  subscribedAt?: Date;
  canceledAt?: Date;
  expiresAt?: Date;
  expiredAt?: Date;
  graceUntil?: Date;
  suspended?: boolean;
}

const monthly = (paid: Date, extra: Partial<Pay> = {}): Pay => ({ paid, cents: 995, months: 1, ...extra });
const yearly = (paid: Date, extra: Partial<Pay> = {}): Pay => ({ paid, cents: 9900, months: 12, ...extra });
/** A monthly payment every month up to `latest` (oldest first), as a year of renewals leaves. */
const everyMonth = (latest: Date, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const d = new Date(latest);
    d.setUTCMonth(d.getUTCMonth() - (count - 1 - i));
    return monthly(d);
  });

const seeds: Seed[] = [
  {
    name: 'Maand',
    status: 'active',
    state: 'active',
    payments: everyMonth(ago(5), 13),
    subscribedAt: ago(400),
  },
  { name: 'Jaar', status: 'active', state: 'active', payments: [yearly(ago(100))], subscribedAt: ago(100) },
  {
    name: 'Respijt',
    status: 'active',
    state: 'grace',
    payments: [monthly(ago(33)), monthly(ago(4), { status: 'failed', sequence: 'recurring' })],
    subscribedAt: ago(33),
    graceUntil: new Date(NOW.getTime() + 3 * day),
  },
  {
    name: 'Opgezegd',
    status: 'canceled',
    state: 'cancelledRunning',
    payments: [monthly(ago(10))],
    subscribedAt: ago(10),
    canceledAt: ago(8),
    expiresAt: new Date(NOW.getTime() + 20 * day),
  },
  {
    name: 'Verlopen',
    status: 'expired',
    state: 'expired',
    payments: [monthly(ago(50))],
    subscribedAt: ago(50),
    expiredAt: ago(12),
  },
  { name: 'Wacht', status: 'pending', state: 'pending', payments: [] },
  {
    name: 'Geschorst',
    status: 'active',
    state: 'suspended',
    payments: [monthly(ago(3))],
    subscribedAt: ago(3),
    suspended: true,
  },
  {
    name: 'Deels',
    status: 'active',
    state: 'active',
    payments: [yearly(ago(20), { refundedCents: 4950 })],
    subscribedAt: ago(20),
  },
  {
    name: 'Terugbetaald',
    status: 'expired',
    state: 'expired',
    payments: [monthly(ago(15), { reversed: ago(1), refundedCents: 995 })],
    subscribedAt: ago(15),
    expiredAt: ago(1),
  },
  // A complimentary membership without any Mollie payment: a member, never paying.
  { name: 'Gratis', status: 'pending', state: 'comp', payments: [], comp: true },
  // Cancelled, then made erelid: the list calls it comp; the paid month runs out (paying, not in MRR).
  {
    name: 'ErelidBetaald',
    status: 'canceled',
    state: 'comp',
    payments: [monthly(ago(20))],
    subscribedAt: ago(20),
    canceledAt: ago(18),
    expiresAt: new Date(NOW.getTime() + 9 * day),
    comp: true,
  },
  // A first payment whose subscription was never made (Mollie refused it, or a comp ran): the
  // membership does not renew, so its month is paid but it is not recurring revenue.
  {
    name: 'Stopt',
    status: 'canceled',
    state: 'cancelledRunning',
    payments: [monthly(ago(6))],
    subscribedAt: ago(6),
    stoppedAt: ago(6),
    expiresAt: new Date(NOW.getTime() + 25 * day),
  },
  // A moderator who never started a membership: listed, never paying.
  { name: 'Team', status: 'active', state: 'noMembership', payments: [], staffOnly: true },
  // The 0.01 of 'Betaalmethode wijzigen' buys nothing.
  {
    name: 'Cent',
    status: 'expired',
    state: 'expired',
    payments: [{ paid: ago(2), cents: 1, months: 1, purpose: 'mandate' }],
  },
  // Paid a minute before and after midnight at the end of January and of September (summer time).
  { name: 'Voor', status: 'active', state: 'active', payments: [monthly(new Date('2031-01-31T22:59:00Z'))] },
  { name: 'Na', status: 'active', state: 'active', payments: [monthly(new Date('2031-01-31T23:01:00Z'))] },
  {
    name: 'ZomerVoor',
    status: 'active',
    state: 'active',
    payments: [yearly(new Date('2030-09-30T21:59:00Z'))],
  },
  {
    name: 'ZomerNa',
    status: 'active',
    state: 'active',
    payments: [yearly(new Date('2030-09-30T22:01:00Z'))],
  },
];

/** Postgres' `+ interval 'N months'` in UTC: the same day N months on, or the month's last day. */
function addMonths(d: Date, months: number) {
  const r = new Date(d);
  r.setUTCDate(1);
  r.setUTCMonth(r.getUTCMonth() + months);
  const last = new Date(Date.UTC(r.getUTCFullYear(), r.getUTCMonth() + 1, 0)).getUTCDate();
  r.setUTCDate(Math.min(d.getUTCDate(), last));
  return r;
}

/** The definition in docs/admin.md, written out for one member at one moment. */
function payingAt(s: Seed, at: Date): { renewing: boolean; cents: number; months: number } | null {
  // Cancelled, or the subscription stopped: no renewal, so no grace and no MRR.
  const cancelled = [s.canceledAt, s.stoppedAt].some((d) => d !== undefined && d < at);
  // The member's latest accepted, paid Mollie payment before the moment decides.
  const latest = s.payments
    .filter((p) => (p.status ?? 'paid') === 'paid' && p.purpose !== 'mandate' && p.paid < at)
    .sort((a, b) => b.paid.getTime() - a.paid.getTime())[0];
  if (!latest || (latest.reversed && latest.reversed < at)) return null;
  const end = addMonths(latest.paid, latest.months).getTime() + (cancelled ? 0 : GRACE_DAYS * day);
  return at.getTime() < end ? { renewing: !cancelled, cents: latest.cents, months: latest.months } : null;
}

function expectedMonth(at: Date) {
  const paying = seeds.map((s) => payingAt(s, at)).filter((p) => p !== null);
  // Exact euros per month: sum of cents / months as a fraction over 12, rounded half up once.
  const twelfths = paying.filter((p) => p.renewing).reduce((sum, p) => sum + (p.cents * 12) / p.months, 0);
  return { payingMembers: paying.length, mrrCents: Math.floor((twelfths + 6) / 12) };
}

async function seed() {
  const db = await getDb();
  for (const s of seeds) {
    const uid = `overview-${s.name}-${randomUUID()}`;
    await db
      .insertInto('accounts')
      .values({ uid, email: `${uid}@kring.test`, role: s.staffOnly ? Role.Moderator : Role.None })
      .execute();
    if (s.staffOnly) continue;
    await db
      .insertInto('memberships')
      .values({
        uid,
        first_name: s.name,
        last_name: 'Overzicht',
        birthdate: '1990-01-01',
        phone_number: '0612345678',
        street_name: 'Lindengracht',
        house_number: '12',
        postal_code: '1015KM',
        city: 'Amsterdam',
        status: s.status,
        subscribed_at: s.subscribedAt ?? null,
        canceled_at: s.canceledAt ?? null,
        expires_at: s.expiresAt ?? null,
        expired_at: s.expiredAt ?? null,
        grace_until: s.graceUntil ?? null,
        subscription_stopped_at: s.stoppedAt ?? null,
        comp_kind: s.comp ? 'erelid' : null,
        comp_until: s.comp ? new Date(NOW.getTime() + 100 * day) : null,
        created_at: ago(500),
      })
      .execute();
    for (const [i, p] of s.payments.entries()) {
      const failed = p.status === 'failed';
      await db
        .insertInto('payments')
        .values({
          id: `tr_ov_${randomUUID()}`,
          uid,
          sequence_type: p.sequence ?? (i === 0 ? 'first' : 'recurring'),
          status: p.status ?? 'paid',
          amount_value: (p.cents / 100).toFixed(2),
          amount_currency: 'EUR',
          paid_at: failed ? null : p.paid,
          failed_at: failed ? p.paid : null,
          created_at: p.paid,
          period: p.months === 1 ? '1 month' : '12 months',
          reversed_at: p.reversed ?? null,
          amount_refunded: ((p.refundedCents ?? 0) / 100).toFixed(2),
          purpose: p.purpose ?? 'membership',
        })
        .execute();
    }
    if (s.suspended) {
      await db
        .insertInto('suspensions')
        .values({
          uid,
          suspended_until: new Date(NOW.getTime() + 30 * day),
          previous_role: 1,
          reason: 'Test',
        })
        .execute();
    }
  }
}

describe('getOverviewAdmin', () => {
  it('refuses members and moderators (403) and a stale admin session (401)', async () => {
    const callers = await guardCallers();
    const fresh = await call('getOverviewAdmin', {}, callers.admin);
    expect(fresh.status).toBe(200);
    expect(fresh.body.history).toHaveLength(12);
    await expectAdminOnly([['getOverviewAdmin', {}]], callers);
  });

  it('counts states, MRR, the last 30 days and open work of a seeded set as defined', async () => {
    const db = await getDb();
    const before = await overview(db, NOW, GRACE_DAYS);
    await seed();
    const reporter = await createMember();
    const reported = await createMember();
    await db
      .insertInto('reports')
      .values({
        reporter_id: reporter.profileId,
        item_kind: 'profile',
        item_id: reported.profileId,
        reason: 'spam',
      })
      .execute();
    const after = await overview(db, NOW, GRACE_DAYS);

    // Every listed account is in exactly one state, as the member list counts them.
    const stateSum = (o: typeof after) => Object.values(o.states).reduce((a, b) => a + b, 0);
    expect(stateSum(after) - stateSum(before)).toBe(seeds.length);

    const states = Object.fromEntries(
      Object.keys(after.states).map((k) => [k, seeds.filter((s) => s.state === k).length]),
    );
    const delta = (a: Record<string, number>, b: Record<string, number>) =>
      Object.fromEntries(Object.keys(a).map((k) => [k, (a[k] ?? 0) - (b[k] ?? 0)]));
    expect(delta(after.states, before.states)).toEqual(states);
    // Maand, Jaar, Respijt, Geschorst, Deels, ZomerVoor, ZomerNa renew; Opgezegd, ErelidBetaald and
    // Stopt pay but do not renew.
    const now = expectedMonth(NOW);
    expect(now).toEqual({ payingMembers: 10, mrrCents: 995 * 3 + (9900 * 4) / 12 });
    expect(after.payingMembers - before.payingMembers).toBe(now.payingMembers);
    expect(after.mrrCents - before.mrrCents).toBe(now.mrrCents);
    const within30 = (d?: Date) => d !== undefined && d > ago(30);
    expect(delta(after.last30Days, before.last30Days)).toEqual({
      new: seeds.filter((s) => within30(s.subscribedAt)).length,
      cancelled: seeds.filter((s) => within30(s.canceledAt)).length,
      expired: seeds.filter((s) => s.status === 'expired' && within30(s.expiredAt)).length,
    });
    expect(delta(after.openFailedRenewals, before.openFailedRenewals)).toEqual({
      count: 1,
      amountCents: 995,
    });
    expect(after.openReports - before.openReports).toBe(1);
  });

  it("adds up to the member list's counts per state (active there = active + grace here)", async () => {
    const db = await getDb();
    const listStates: MemberState[] = [
      'active',
      'cancelled_running',
      'comp',
      'expired',
      'pending',
      'suspended',
      'no_membership',
    ];
    const listed = async () =>
      Object.fromEntries(
        await Promise.all(
          listStates.map(async (state) => {
            const rows = await listMembers(db, { q: '', state, sort: 'name', after: null, limit: 1_000_000 });
            return [state, rows.length] as const;
          }),
        ),
      );
    const asList = (o: Awaited<ReturnType<typeof overview>>) => ({
      active: o.states.active + o.states.grace,
      cancelled_running: o.states.cancelledRunning,
      comp: o.states.comp,
      expired: o.states.expired,
      pending: o.states.pending,
      suspended: o.states.suspended,
      no_membership: o.states.noMembership,
    });
    const [listBefore, before] = [await listed(), await overview(db, NOW, GRACE_DAYS)];
    await seed();
    const [listAfter, after] = [await listed(), await overview(db, NOW, GRACE_DAYS)];
    const minus = (a: Record<string, number>, b: Record<string, number>) =>
      Object.fromEntries(listStates.map((k) => [k, (a[k] ?? 0) - (b[k] ?? 0)]));
    expect(minus(asList(after), asList(before))).toEqual(minus(listAfter, listBefore));
    expect(minus(listAfter, listBefore).comp).toBe(2);
    expect(minus(listAfter, listBefore).no_membership).toBe(1);
  });

  it('keeps 12 Amsterdam months of paying members and MRR, across month ends and summer time', async () => {
    const db = await getDb();
    const before = await overview(db, NOW, GRACE_DAYS);
    await seed();
    const after = await overview(db, NOW, GRACE_DAYS);
    expect(after.history.map((h) => [h.month, h.at])).toEqual(
      MONTH_ENDS.map(([m, at]) => [m, new Date(at).toISOString()]),
    );
    const got = after.history.map((h, i) => ({
      payingMembers: h.payingMembers - before.history[i]!.payingMembers,
      mrrCents: h.mrrCents - before.history[i]!.mrrCents,
    }));
    expect(got).toEqual(MONTH_ENDS.map(([, at]) => expectedMonth(new Date(at))));
    // One minute either side of midnight: 'Voor' is paying at the end of January, 'Na' is not.
    const january = seeds.filter((s) => payingAt(s, new Date('2031-01-31T23:00:00Z'))).map((s) => s.name);
    expect(january).toContain('Voor');
    expect(january).not.toContain('Na');
    const september = seeds.filter((s) => payingAt(s, new Date('2030-09-30T22:00:00Z'))).map((s) => s.name);
    expect(september).toEqual(['Maand', 'ZomerVoor']);
    // By hand, the end of January: Maand, Jaar, Verlopen (paid 19 January), Voor, ZomerVoor, ZomerNa.
    expect(got[9]).toEqual({ payingMembers: 6, mrrCents: 995 * 3 + 9900 / 4 });
  });

  it('shows a change to a closed month in the next call: a reversal, a late payment, a cancellation', async () => {
    const db = await getDb();
    const uid = `overview-later-${randomUUID()}`;
    await db
      .insertInto('accounts')
      .values({ uid, email: `${uid}@kring.test`, role: Role.None })
      .execute();
    await db
      .insertInto('memberships')
      .values({
        uid,
        first_name: 'Later',
        last_name: 'Overzicht',
        birthdate: '1990-01-01',
        phone_number: '0612345678',
        street_name: 'Lindengracht',
        house_number: '12',
        postal_code: '1015KM',
        city: 'Amsterdam',
        status: 'active',
        subscribed_at: new Date('2030-04-05T10:00:00Z'),
        created_at: ago(500),
      })
      .execute();
    // Monthly from 5 April 2030 to 5 March 2031, but the 5 November payment is not here yet.
    const pay = (paid: Date) =>
      db
        .insertInto('payments')
        .values({
          id: `tr_ov_${randomUUID()}`,
          uid,
          sequence_type: 'recurring',
          status: 'paid',
          amount_value: '9.95',
          amount_currency: 'EUR',
          paid_at: paid,
          created_at: paid,
          period: '1 month',
          purpose: 'membership',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const ids = new Map<string, string>();
    for (const { paid } of everyMonth(new Date('2031-03-05T10:00:00Z'), 12)) {
      if (paid.getUTCMonth() !== 10) ids.set(paid.toISOString().slice(0, 7), (await pay(paid)).id);
    }
    const at = async () => (await overview(db, NOW, GRACE_DAYS)).history;
    const diff = (a: Awaited<ReturnType<typeof at>>, b: Awaited<ReturnType<typeof at>>) =>
      Object.fromEntries(
        a
          .map(
            (h, i) =>
              [h.month, [h.payingMembers - b[i]!.payingMembers, h.mrrCents - b[i]!.mrrCents]] as const,
          )
          .filter(([, d]) => d[0] !== 0 || d[1] !== 0),
      );

    const first = await at();
    expect(await at()).toEqual(first);
    // Mollie reports a chargeback of the December payment on 20 December: not paying at the end of December.
    await db
      .updateTable('payments')
      .set({ reversed_at: new Date('2030-12-20T10:00:00Z') })
      .where('id', '=', ids.get('2030-12')!)
      .execute();
    const reversed = await at();
    expect(diff(reversed, first)).toEqual({ '2030-12': [-1, -995] });
    // A late webhook: the November payment lands now. October's covered 5 November + 7 days of grace only.
    await pay(new Date('2030-11-05T10:00:00Z'));
    const late = await at();
    expect(diff(late, reversed)).toEqual({ '2030-11': [1, 995] });
    // Cancelled on 1 August 2030 (as recorded now): no renewal, so no MRR from the end of August on.
    await db
      .updateTable('memberships')
      .set({ canceled_at: new Date('2030-08-01T10:00:00Z') })
      .where('uid', '=', uid)
      .execute();
    const cancelled = await at();
    expect(diff(cancelled, late)).toEqual(
      Object.fromEntries(
        ['2030-08', '2030-09', '2030-10', '2030-11', '2031-01', '2031-02', '2031-03'].map((m) => [
          m,
          [0, -995],
        ]),
      ),
    );
  });
  it('takes the next closed month when a month ends with no write in between, and keeps grace days apart', async () => {
    const db = await getDb();
    await seed();
    // The figures by the full statement, uncached, as the overview shows them.
    const uncached = async (at: Date, grace: number) => {
      const groups = await payingHistory(db, at, grace);
      return Array.from({ length: 12 }, (_, k) => {
        const gs = groups.filter((g) => g.k === k);
        return {
          month: gs[0]!.month,
          at: gs[0]!.at.toISOString(),
          payingMembers: gs.reduce((n, g) => n + g.members, 0),
          mrrCents: mrrCents(gs),
        };
      });
    };
    const april = new Date('2031-04-10T12:00:00Z');
    // March is cached first; nothing is written after it, so the counter stays where it was.
    expect((await overview(db, NOW, GRACE_DAYS)).history).toEqual(await uncached(NOW, GRACE_DAYS));
    const next = (await overview(db, april, GRACE_DAYS)).history;
    expect(next[10]!.month).toBe('2031-03');
    expect(next).toEqual(await uncached(april, GRACE_DAYS));
    // Without grace days the seeded member in grace does not pay at some month end: other closed months.
    const noGrace = await uncached(NOW, 0);
    expect(noGrace.slice(0, 11)).not.toEqual((await uncached(NOW, GRACE_DAYS)).slice(0, 11));
    expect((await overview(db, NOW, 0)).history).toEqual(noGrace);
  });
});

describe('runningMonth', () => {
  it("answers the running month's point as the full history statement does, at several moments", async () => {
    const db = await getDb();
    await seed();
    const moments = [NOW, ago(3), ago(20), ago(40), new Date('2031-01-31T23:00:00Z'), new Date()];
    // One snapshot for both, so other test files' writes in between cannot make them differ.
    const pairs = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const out = [];
        for (const at of moments) {
          const full = await payingHistory(trx, at, GRACE_DAYS, { from: 11, to: 11 });
          const alone = await runningMonth(trx, at, GRACE_DAYS);
          out.push([full, alone]);
        }
        return out;
      });
    const point = (gs: Awaited<ReturnType<typeof runningMonth>>) => ({
      month: gs[0]!.month,
      at: gs[0]!.at.toISOString(),
      payingMembers: gs.reduce((n, g) => n + g.members, 0),
      mrrCents: mrrCents(gs),
    });
    for (const [full, alone] of pairs) expect(point(alone!)).toEqual(point(full!));
    // Not a comparison of two empty answers: at the seeded moments (not the real now) members pay.
    expect(
      pairs
        .slice(0, -1)
        .map(([full]) => point(full!).payingMembers)
        .every((n) => n > 0),
    ).toBe(true);
  });
});

describe('mrrCents', () => {
  it('divides yearly prices by 12 exactly and rounds once, half up', () => {
    const g = (cents: number, months: number, renewing = true) => ({
      cents: String(cents),
      months,
      days: 0,
      renewing,
    });
    expect(mrrCents([g(9900 * 100, 12)])).toBe(82_500);
    expect(mrrCents([g(9999, 12)])).toBe(833); // 833.25
    expect(mrrCents([g(9990, 12)])).toBe(833); // 832.5 -> 833
    expect(mrrCents([g(9999 * 2, 12)])).toBe(1667); // 1666.5: the sum is rounded, not each member
    expect(mrrCents([g(995, 1), g(9900, 12), g(995, 1, false)])).toBe(1820);
  });
});
