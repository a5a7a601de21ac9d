import { Role } from '@kring/contract';
import { describe, expect, it } from 'vitest';
import { expectAdminOnly, guardCallers } from '../../test/admin-guard.ts';
import { call, callRaw, createMember } from '../../test/helpers.ts';
import {
  checkout,
  details,
  expireOne,
  membershipOf,
  type PaymentSandbox,
  paidMember,
  roleClaim,
  signIn,
  signUp,
  startPayment,
  tokenClaims,
  usePaymentSandbox,
  type Visitor,
} from '../../test/subscription.ts';
import { clearRoleSync, findRoleState, setComp } from '../accounts/memberships.repo.ts';
import { getDb } from '../lib/db.ts';
import { removeEndedMemberships } from '../privacy/retention.ts';
import { syncMemberRole } from '../subscription/member-role.ts';
import { amsterdamDate } from '../subscription/period.ts';

let ps: PaymentSandbox;
usePaymentSandbox((started) => {
  ps = started;
});

const day = 86_400_000;
/** The Amsterdam calendar date `days` from now, YYYY-MM-DD. */
const dateIn = (days: number) => amsterdamDate(new Date(Date.now() + days * day));
/** The Amsterdam wall-clock time of an instant, HH:MM. */
const amsterdamTime = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Amsterdam',
    hour: '2-digit',
    minute: '2-digit',
  }).format(d);

/** A signed-up visitor who filled in the personal details but never paid ('pending'). */
async function pendingMember(): Promise<Visitor> {
  const visitor = await signUp();
  expect((await call('createMembership', { membership: details }, visitor)).status).toBe(200);
  return visitor;
}

const grant = (admin: { token: string }, uid: string, until: string, kind = 'erelid') =>
  callRaw('grantCompMembershipAdmin', { uid, kind, until, reason: 'Dertig jaar secretaris' }, admin);

describe('complimentary memberships', () => {
  it('refuse members and moderators (403) and a stale admin session (401); nothing changes', async () => {
    const callers = await guardCallers();
    const visitor = await pendingMember();
    const calls = [
      ['grantCompMembershipAdmin', { uid: visitor.uid, kind: 'erelid', until: dateIn(30), reason: 'Erelid' }],
      ['endCompMembershipAdmin', { uid: visitor.uid, reason: 'Klaar' }],
    ] as const;
    await expectAdminOnly(calls, callers);
    expect(await membershipOf(visitor.uid)).toMatchObject({ comp_kind: null, comp_until: null });
    expect(await roleClaim(visitor.uid)).toBe(Role.None);
  });

  it('bad input is VALIDATION with the field: a past or impossible date, an unknown kind, a short reason', async () => {
    const admin = await createMember(Role.Admin);
    const visitor = await pendingMember();
    const field = async (input: Record<string, unknown>) => {
      const res = await callRaw(
        'grantCompMembershipAdmin',
        { uid: visitor.uid, kind: 'erelid', until: dateIn(30), reason: 'Erelid sinds 1990', ...input },
        admin,
      );
      return [res.status, [...new Set(res.body.error?.issues?.map((i) => i.path))]];
    };
    expect(await field({ until: dateIn(-1) })).toEqual([400, ['until']]);
    expect(await field({ until: '2030-02-30' })).toEqual([400, ['until']]);
    expect(await field({ until: '1-1-2030' })).toEqual([400, ['until']]);
    expect(await field({ until: dateIn(366 * 51) })).toEqual([400, ['until']]);
    expect(await field({ kind: 'sponsor' })).toEqual([400, ['kind']]);
    expect(await field({ reason: 'ok' })).toEqual([400, ['reason']]);
    expect(await field({ uid: '' })).toEqual([400, ['uid']]);
    const end = await callRaw('endCompMembershipAdmin', { uid: visitor.uid, reason: '' }, admin);
    expect([end.status, end.body.error?.issues?.[0]?.path]).toEqual([400, 'reason']);
    // Nobody to give it to: an account without personal details (no membership row) is 404.
    const bare = await signUp();
    expect((await grant(admin, bare.uid, dateIn(30))).status).toBe(404);
    expect(await membershipOf(visitor.uid)).toMatchObject({ comp_kind: null });
  });

  it('gives a member without any payment access (role Member, a profile may be made), asks Mollie nothing, and is logged', async () => {
    const admin = await createMember(Role.Admin);
    const visitor = await pendingMember();
    expect((await callRaw('createProfile', { name: 'Erelid_Een' }, visitor)).status).toBe(403);
    const mollieCalls = ps.requests.length;

    const until = dateIn(60);
    const res = await grant(admin, visitor.uid, until);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const comp = (res.body as { comp: { kind: string; until: string } }).comp;
    // Until the end of that day in Amsterdam: the next day's midnight there.
    const end = new Date(comp.until);
    expect(amsterdamDate(new Date(end.getTime() - 1))).toBe(until);
    expect(amsterdamTime(end)).toBe('00:00');

    expect(await roleClaim(visitor.uid)).toBe(Role.Member);
    const member = await signIn(visitor);
    expect(tokenClaims(member.token).role).toBe(Role.Member);
    const status = await call('getSubscriptionStatus', {}, member);
    expect(status.body).toMatchObject({ status: 'pending', comp: { kind: 'erelid', until: comp.until } });
    // Onboarding goes on as after a first payment: the profile is next.
    expect(
      (await callRaw('createProfile', { name: `Erelid_${Date.now().toString(36)}` }, member)).status,
    ).toBe(200);
    // Paying while the comp runs is refused as for any member with access, before Mollie is asked.
    const pay = await callRaw('createSubscriptionInitialPayment', { membership: details }, member);
    expect([pay.status, pay.body.error?.reason]).toEqual([409, 'MEMBERSHIP_ACTIVE']);
    expect(ps.requests.slice(mollieCalls)).toEqual([]);

    const page = await call('getMemberAdmin', { uid: visitor.uid }, admin);
    expect(page.body.member).toMatchObject({ state: 'comp', comp: { kind: 'erelid', until: comp.until } });
    expect(page.body.log[0]).toMatchObject({
      action: 'GRANT_COMP',
      reason: 'Dertig jaar secretaris',
      details: { kind: 'erelid', until },
    });
    const list = await call('listMembersAdmin', { q: visitor.email, state: 'comp' }, admin);
    expect(list.body.items.map((i) => i.uid)).toEqual([visitor.uid]);
  });

  it('ends at the end of its date (the hourly job), and an admin can end it earlier; both logged', async () => {
    const admin = await createMember(Role.Admin);
    const a = await pendingMember();
    // Read once: computed again later, the day could have moved on (midnight in Amsterdam).
    const today = dateIn(0);
    expect((await grant(admin, a.uid, today, 'bestuur')).status).toBe(200);
    const end = (await membershipOf(a.uid))!.comp_until!;

    // A second before the end of the day: still on.
    expect((await expireOne(a.uid, new Date(end.getTime() - 1000))).compsEnded).toEqual([]);
    expect(await roleClaim(a.uid)).toBe(Role.Member);
    // At midnight: ended, role None again, the paid membership (never paid) unchanged.
    const run = await expireOne(a.uid, end);
    expect(run).toMatchObject({ compsEnded: [a.uid], rolesSynced: [a.uid], failures: [] });
    expect(await roleClaim(a.uid)).toBe(Role.None);
    expect(await membershipOf(a.uid)).toMatchObject({ status: 'pending', comp_kind: null, comp_until: null });
    expect((await call('getSubscriptionStatus', {}, await signIn(a))).body.comp).toBeNull();
    // Logged like the grant: the kind and last day it had, by Kring itself (no admin, no reason).
    const expiredLog = (await call('getMemberAdmin', { uid: a.uid }, admin)).body.log;
    expect(expiredLog.map((e) => e.action)).toEqual(['COMP_EXPIRED', 'GRANT_COMP']);
    expect(expiredLog[0]).toMatchObject({
      actorName: 'Kring (automatisch)',
      reason: null,
      details: { kind: 'bestuur', until: today },
    });
    // A second run finds nothing to end and logs nothing more.
    expect((await expireOne(a.uid, end)).compsEnded).toEqual([]);
    expect((await call('getMemberAdmin', { uid: a.uid }, admin)).body.log).toHaveLength(2);

    // Ended by an admin: logged with the kind and date it had; a second end is 409.
    const b = await pendingMember();
    const until = dateIn(400);
    expect((await grant(admin, b.uid, until)).status).toBe(200);
    const ended = await callRaw(
      'endCompMembershipAdmin',
      { uid: b.uid, reason: 'Bedankt als erelid' },
      admin,
    );
    expect(ended.status).toBe(200);
    expect(await roleClaim(b.uid)).toBe(Role.None);
    const again = await callRaw('endCompMembershipAdmin', { uid: b.uid, reason: 'Nog eens' }, admin);
    expect([again.status, again.body.error?.reason]).toEqual([409, 'NO_COMP']);
    const log = (await call('getMemberAdmin', { uid: b.uid }, admin)).body.log;
    expect(log.map((e) => e.action)).toEqual(['END_COMP', 'GRANT_COMP']);
    expect(log[0]).toMatchObject({ reason: 'Bedankt als erelid', details: { kind: 'erelid', until } });
  });

  it('a checkout opened before the grant and paid after it starts no renewing Mollie subscription', async () => {
    const admin = await createMember(Role.Admin);
    // The visitor opened the checkout (pending, an open first payment) and left it open...
    const start = await startPayment();
    expect((await grant(admin, start.user.uid, dateIn(400))).status).toBe(200);
    const mollieCalls = ps.requests.length;
    // ...and pays it after the grant: the paid period is theirs, but nothing may renew (the member
    // sees the comp and no cancel button, so a subscription would charge them with no way to stop it).
    await checkout(start.checkoutUrl, 'paid');
    const m = await membershipOf(start.user.uid);
    expect(m).toMatchObject({ comp_kind: 'erelid', status: 'canceled', mollie_subscription_id: null });
    expect(m!.expires_at!.getTime()).toBeGreaterThan(Date.now());
    expect(
      ps.requests.slice(mollieCalls).filter((r) => r.startsWith('POST') && r.includes('/subscriptions')),
    ).toEqual([]);
    expect(await roleClaim(start.user.uid)).toBe(Role.Member);
  });

  it('is refused while a Mollie subscription renews; after the member cancels it runs beside the paid period and outlasts it', async () => {
    const admin = await createMember(Role.Admin);
    const paid = await paidMember();
    const refused = await grant(admin, paid.user.uid, dateIn(400));
    expect([refused.status, refused.body.error?.reason]).toEqual([409, 'MEMBERSHIP_RENEWING']);
    expect((await call('getMemberAdmin', { uid: paid.user.uid }, admin)).body.log).toEqual([]);

    expect((await call('cancelSubscription', {}, paid.user)).status).toBe(200);
    const mollieCalls = ps.requests.length;
    expect((await grant(admin, paid.user.uid, dateIn(400))).status).toBe(200);
    expect(ps.requests.slice(mollieCalls)).toEqual([]);
    // 'Opzegging intrekken' would start charging for access the member has for free.
    const resume = await callRaw('resumeSubscription', {}, paid.user);
    expect([resume.status, resume.body.error?.reason]).toEqual([409, 'MEMBERSHIP_NOT_RESUMABLE']);

    // The paid period ends: the membership expires as before, the comp keeps the member in.
    const run = await expireOne(paid.user.uid, new Date(paid.expiresAt.getTime() + 3_600_000));
    expect(run.expired).toEqual([paid.user.uid]);
    expect(await membershipOf(paid.user.uid)).toMatchObject({ status: 'expired', comp_kind: 'erelid' });
    expect(await roleClaim(paid.user.uid)).toBe(Role.Member);

    // Years later the retention sweep would remove an ended membership's details: not a running comp's.
    const later = new Date(paid.expiresAt.getTime() + 3 * 366 * day);
    const sweep = await removeEndedMemberships(await getDb(), later, { uids: [paid.user.uid] });
    expect(sweep.removed).toEqual([]);
    expect(await membershipOf(paid.user.uid)).toMatchObject({ first_name: details.firstName });
  });
  it('an honorary member whose paid membership ended long ago keeps their details for the retention period after the comp ends', async () => {
    const admin = await createMember(Role.Admin);
    const paid = await paidMember();
    expect((await call('cancelSubscription', {}, paid.user)).status).toBe(200);
    // Three years of honorary membership, longer than the 24 months' retention after the paid end.
    expect((await grant(admin, paid.user.uid, dateIn(3 * 366))).status).toBe(200);
    expect((await expireOne(paid.user.uid, new Date(paid.expiresAt.getTime() + 3_600_000))).expired).toEqual([
      paid.user.uid,
    ]);
    const compEnd = (await membershipOf(paid.user.uid))!.comp_until!;
    expect((await expireOne(paid.user.uid, compEnd)).compsEnded).toEqual([paid.user.uid]);
    // The membership ended now, not when the paid period did: the details stay the months that follow.
    const db = await getDb();
    const sweep = (at: Date) => removeEndedMemberships(db, at, { uids: [paid.user.uid] });
    expect((await sweep(new Date(compEnd.getTime() + day))).removed).toEqual([]);
    expect(await membershipOf(paid.user.uid)).toMatchObject({
      first_name: details.firstName,
      status: 'expired',
    });
    expect((await sweep(new Date(compEnd.getTime() + 25 * 31 * day))).removed).toEqual([paid.user.uid]);
  });

  it('a grant that lands while a role sync runs keeps the sync flag up, so its own sync sets Member', async () => {
    const visitor = await pendingMember();
    const db = await getDb();
    // A sync (the hourly job's, after an earlier failed Auth write) read the membership: no comp, no access...
    await db
      .updateTable('memberships')
      .set({ role_sync_needed: true })
      .where('uid', '=', visitor.uid)
      .execute();
    const read = (await findRoleState(db, visitor.uid))!;
    // ...the admin's grant commits meanwhile...
    await db
      .transaction()
      .execute((tx) => setComp(tx, visitor.uid, 'erelid', new Date(Date.now() + 30 * day)));
    // ...and the job, done with its Auth write for what it read, lowers the flag: not this one.
    await clearRoleSync(db, visitor.uid, read.status, read.comp_kind);
    expect((await membershipOf(visitor.uid))!.role_sync_needed).toBe(true);
    await syncMemberRole(db, visitor.uid);
    expect(await roleClaim(visitor.uid)).toBe(Role.Member);
  });
  it('granted again while one runs, it changes kind and date and logs the previous ones as dates', async () => {
    const admin = await createMember(Role.Admin);
    const visitor = await pendingMember();
    const first = dateIn(30);
    const second = dateIn(200);
    expect((await grant(admin, visitor.uid, first)).status).toBe(200);
    expect((await grant(admin, visitor.uid, second, 'bestuur')).status).toBe(200);
    const page = (await call('getMemberAdmin', { uid: visitor.uid }, admin)).body;
    expect(page.member.comp?.kind).toBe('bestuur');
    // The previous last day as the admin chose it (YYYY-MM-DD), as the entry itself and END_COMP write it.
    expect(page.log[0]?.details).toEqual({
      kind: 'bestuur',
      until: second,
      previous: { kind: 'erelid', until: first },
    });
  });
  it('ended while the cancelled paid period still runs, the member keeps access until that period ends', async () => {
    const admin = await createMember(Role.Admin);
    const paid = await paidMember();
    expect((await call('cancelSubscription', {}, paid.user)).status).toBe(200);
    expect((await grant(admin, paid.user.uid, dateIn(400))).status).toBe(200);
    const ended = await callRaw(
      'endCompMembershipAdmin',
      { uid: paid.user.uid, reason: 'Toch betalend lid' },
      admin,
    );
    expect(ended.status).toBe(200);
    expect(await roleClaim(paid.user.uid)).toBe(Role.Member);
    expect((await call('getMemberAdmin', { uid: paid.user.uid }, admin)).body.member.state).toBe(
      'cancelled_running',
    );
    // The paid end takes it, as for anyone who cancelled.
    await expireOne(paid.user.uid, new Date(paid.expiresAt.getTime() + 3_600_000));
    expect(await roleClaim(paid.user.uid)).toBe(Role.None);
  });
});
