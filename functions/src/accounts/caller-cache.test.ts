import { Role } from '@kring/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { call, createMember, createUser, uniqueName } from '../../test/helpers.ts';
import { closeDb, getDb } from '../lib/db.ts';
import { cachedCaller, forgetCaller, keepCaller } from './caller-cache.ts';
import { setRole } from './roles.ts';

/**
 * The instance's caller cache (caller-cache.ts) as production runs it: on, 5 seconds. A member call
 * after a role change, a suspension or a new profile made through this code sees it at once; a write
 * the instance did not make (another instance's) shows within the cache's seconds.
 */
process.env.CALLER_CACHE_SECONDS = '5';

afterAll(closeDb);
afterEach(() => {
  vi.useRealTimers();
});

/**
 * Moves the clock past the 10 seconds after a write to the member (making them) in which the instance
 * keeps no lookup, so the next call's lookup is kept.
 */
const settled = () => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10_001 });
const listPosts = (who: { token: string }) => call('listPosts', {}, who);
const refusal = (res: { status: number; body: { error?: { reason?: string } } }) =>
  `${res.status} ${res.body.error?.reason ?? ''}`.trim();

describe('the caller cache', () => {
  it('a membership that ends (the stored role back to None) refuses the very next call', async () => {
    const member = await createMember();
    settled();
    expect((await listPosts(member)).status).toBe(200);
    // The token still says Member; the stored role is what ends it (subscription/member-role.ts).
    await setRole(await getDb(), member.uid, Role.None);
    expect(refusal(await listPosts(member))).toBe('403 ROLE_REQUIRED');
  });

  it('a membership that starts (a paid webhook: stored role to Member) lets the very next call in', async () => {
    const member = await createMember();
    await setRole(await getDb(), member.uid, Role.None);
    settled();
    // Refused while the payment is open; the refused lookup is kept like any other.
    expect(refusal(await listPosts(member))).toBe('403 ROLE_REQUIRED');
    // What syncMemberRole does after the webhook; the token (refreshed by the web) says Member.
    await setRole(await getDb(), member.uid, Role.Member);
    expect((await listPosts(member)).status).toBe(200);
  });

  it("an admin's suspension refuses the member's very next call", async () => {
    const [member, admin] = await Promise.all([createMember(), createMember(Role.Admin)]);
    settled();
    expect((await listPosts(member)).status).toBe(200);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const suspended = await call(
      'suspendMemberAdmin',
      { profileId: member.profileId, until: tomorrow, reason: 'Herhaaldelijk spam geplaatst' },
      admin,
    );
    expect(suspended.status).toBe(200);
    expect(refusal(await listPosts(member))).toBe('403 ROLE_REQUIRED');
  });

  it('a profile made just now counts on the next call that needs one', async () => {
    const member = await createUser(Role.Member);
    settled();
    expect((await listPosts(member)).status).toBe(200);
    const made = await call(
      'createProfile',
      { name: uniqueName(), occupation: 'Onderzoeker', bio: 'Hallo' },
      member,
    );
    expect(made.status).toBe(200);
    const post = await call('createPost', { title: 'Eerste bericht', content: 'Tekst', topics: [] }, member);
    expect(post.status).toBe(200);
  });

  it("another instance's change shows here within the cache's 5 seconds, and not before", async () => {
    const member = await createMember();
    // Past the 10 seconds after its own write (the profile) in which the instance keeps nothing.
    const start = Date.now() + 10_001;
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    expect((await listPosts(member)).status).toBe(200);
    // As another instance would: the row changes, this instance is not told.
    await sql`UPDATE accounts SET role = 0 WHERE uid = ${member.uid}`.execute(await getDb());
    vi.setSystemTime(start + 4_999);
    expect((await listPosts(member)).status).toBe(200);
    vi.setSystemTime(start + 5_000);
    expect(refusal(await listPosts(member))).toBe('403 ROLE_REQUIRED');
  });
});

describe('the caller cache under many writes', () => {
  it('a lookup read before a write is not kept, even after 10,000 other uids were written since', () => {
    const uid = `overflow-${uniqueName()}`;
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now });
    // A lookup sent just before the write; its transaction has not committed when the answer comes.
    const readAt = now - 1;
    forgetCaller(uid);
    // A busy instance (the address sync, many sign-ups) writes 10,000 other members meanwhile.
    for (let i = 0; i < 10_000; i += 1) forgetCaller(`${uid}-other-${i}`);
    keepCaller(uid, { role: Role.Member, email: null, email_verified: false, profileId: null }, readAt);
    expect(cachedCaller(uid)).toBe('miss');
  });

  it('stays on for other members once those writes are more than 10 seconds old', () => {
    const uid = `after-${uniqueName()}`;
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    for (let i = 0; i < 10_000; i += 1) forgetCaller(`${uid}-other-${i}`);
    vi.setSystemTime(start + 10_001);
    forgetCaller(`${uid}-next`);
    const row = { role: Role.Member, email: null, email_verified: false, profileId: null };
    keepCaller(uid, row, Date.now());
    expect(cachedCaller(uid)).toEqual(row);
  });
});
