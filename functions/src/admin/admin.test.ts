import { Role } from '@kring/contract';
import { describe, expect, it, vi } from 'vitest';
import { expectAdminOnly, guardCallers } from '../../test/admin-guard.ts';
import { call, callRaw, createMember, createUser } from '../../test/helpers.ts';
import { roleClaim } from '../../test/subscription.ts';
import { suspendMemberAdminHandler } from '../community/moderation/suspendMemberAdmin.ts';
import { getDb } from '../lib/db.ts';
import { adminAuth } from '../lib/firebase.ts';
import * as adminLogRepo from './admin-log.repo.ts';
import { changeMemberRoleAdminHandler, demotesLastAdmin } from './changeMemberRoleAdmin.ts';

/** A membership row as the payment flow leaves it, with a chosen state. */
async function enrol(
  uid: string,
  first: string,
  last: string,
  status: 'pending' | 'active' | 'canceled' | 'expired' = 'active',
  expiresAt: Date | null = null,
  createdAt: Date = new Date(),
) {
  await (await getDb())
    .insertInto('memberships')
    .values({
      uid,
      first_name: first,
      last_name: last,
      birthdate: '1990-01-01',
      phone_number: '0612345678',
      street_name: 'Lindengracht',
      house_number: '12',
      postal_code: '1015KM',
      city: 'Amsterdam',
      status,
      expires_at: expiresAt,
      created_at: createdAt,
    })
    .execute();
}

const adminCalls = (uid: string) =>
  [
    ['listAdminLogAdmin', {}],
    ['listMembersAdmin', {}],
    ['getMemberAdmin', { uid }],
    ['changeMemberRoleAdmin', { uid, role: 2, reason: 'Helpt mee met modereren' }],
  ] as const;

describe('the /beheer calls', () => {
  it('refuse members and moderators (403) and a stale admin session (401); nothing changes', async () => {
    const callers = await guardCallers();
    const { member } = callers;
    await enrol(member.uid, 'Piet', 'Paal');
    await expectAdminOnly(adminCalls(member.uid), callers);
    expect(await roleClaim(member.uid)).toBe(Role.Member);
  });

  it('refuse a suspended admin at once, whatever their token says', async () => {
    const admin = await createMember(Role.Admin);
    const suspended = await createMember(Role.Admin);
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const input = { profileId: suspended.profileId, until, reason: 'Misbruik van beheer' };
    expect((await call('suspendMemberAdmin', input, admin)).status).toBe(200);
    for (const [name, callInput] of adminCalls(admin.uid)) {
      expect((await callRaw(name, callInput, suspended)).status, name).toBe(403);
    }
  });

  it('bad input is VALIDATION with the field', async () => {
    const admin = await createMember(Role.Admin);
    const field = async (name: string, input: unknown) => [
      ...new Set((await callRaw(name, input, admin)).body.error?.issues?.map((i) => i.path)),
    ];
    expect(await field('changeMemberRoleAdmin', { uid: admin.uid, role: 2, reason: '' })).toEqual(['reason']);
    expect(
      await field('changeMemberRoleAdmin', { uid: admin.uid, role: 0, reason: 'Geen lid meer' }),
    ).toEqual(['role']);
    expect(await field('getMemberAdmin', { uid: '' })).toEqual(['uid']);
    expect(await field('listMembersAdmin', { state: 'gek' })).toEqual(['state']);
    expect(await field('listMembersAdmin', { sort: 'newest', cursor: 'bm9n' })).toEqual(['cursor']);
    expect(await field('listAdminLogAdmin', { cursor: 'bm9n' })).toEqual(['cursor']);
  });

  it('a NUL character in a uid or a forged cursor is VALIDATION on that field, not a 500', async () => {
    const admin = await createMember(Role.Admin);
    const forged = (v: unknown) => Buffer.from(JSON.stringify(v), 'utf8').toString('base64url');
    const field = async (name: string, input: unknown) => {
      const res = await callRaw(name, input, admin);
      return [res.status, [...new Set(res.body.error?.issues?.map((i) => i.path))]];
    };
    expect(await field('getMemberAdmin', { uid: 'a\u0000b' })).toEqual([400, ['uid']]);
    expect(
      await field('changeMemberRoleAdmin', { uid: 'a\u0000b', role: 2, reason: 'Helpt mee met modereren' }),
    ).toEqual([400, ['uid']]);
    expect(await field('listMembersAdmin', { cursor: forged({ a: 'x\u0000', b: '', u: 'u' }) })).toEqual([
      400,
      ['cursor'],
    ]);
    const newest = forged({ a: '2020-01-01T00:00:00.000000Z', b: '', u: 'x\u0000' });
    expect(await field('listMembersAdmin', { sort: 'newest', cursor: newest })).toEqual([400, ['cursor']]);
  });

  it('a role change whose token claim Auth refuses changes nothing, and trying again works', async () => {
    const admin = await createMember(Role.Admin);
    const member = await createMember();
    await enrol(member.uid, 'Femke', 'Faber');
    const input = { uid: member.uid, role: 2 as const, reason: 'Helpt mee met modereren' };
    const spy = vi.spyOn(adminAuth(), 'setCustomUserClaims').mockRejectedValueOnce(new Error('Auth is weg'));
    try {
      expect((await callRaw('changeMemberRoleAdmin', input, admin)).status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    const storedRole = async () =>
      (
        await (
          await getDb()
        )
          .selectFrom('accounts')
          .select('role')
          .where('uid', '=', member.uid)
          .executeTakeFirstOrThrow()
      ).role;
    // The stored role and the claim still agree, and the log holds no change that did not happen.
    expect(await storedRole()).toBe(Role.Member);
    expect(await roleClaim(member.uid)).toBe(Role.Member);
    expect((await call('getMemberAdmin', { uid: member.uid }, admin)).body.log).toEqual([]);
    // The admin tries again, and the member becomes moderator everywhere.
    expect((await call('changeMemberRoleAdmin', input, admin)).status).toBe(200);
    expect(await storedRole()).toBe(Role.Moderator);
    expect(await roleClaim(member.uid)).toBe(Role.Moderator);
  });

  it('an admin demoted or suspended after the router let them in changes no role (checked under the lock)', async () => {
    const admin = await createMember(Role.Admin);
    const former = await createMember(Role.Admin);
    const member = await createMember();
    await enrol(member.uid, 'Gijs', 'Groen');
    await enrol(former.uid, 'Hanna', 'Hof');
    const db = await getDb();
    // The router saw `former` as admin; another admin demotes them before their transaction starts.
    expect(
      (await call('changeMemberRoleAdmin', { uid: former.uid, role: 1, reason: 'Uit het bestuur' }, admin))
        .status,
    ).toBe(200);
    const ctx = {
      db,
      requestId: 'review',
      profileId: null,
      user: { uid: former.uid, email: null, emailVerified: true, issuedAt: 0, role: Role.Admin },
    };
    await expect(
      changeMemberRoleAdminHandler(ctx, { uid: member.uid, role: 3, reason: 'Maak mij weer beheerder' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const stored = await db
      .selectFrom('accounts')
      .select('role')
      .where('uid', '=', member.uid)
      .executeTakeFirstOrThrow();
    expect(stored.role).toBe(Role.Member);
    expect(await roleClaim(member.uid)).toBe(Role.Member);
  });

  it('two admins suspending each other at once: one suspension, the other refused under the lock (403)', async () => {
    const a = await createMember(Role.Admin);
    const b = await createMember(Role.Admin);
    const db = await getDb();
    // Both calls got past the router (each was an admin when it checked): the handlers run at once.
    const as = (u: typeof a) => ({
      db,
      requestId: `suspend-${u.uid}`,
      profileId: u.profileId,
      user: { uid: u.uid, email: null, emailVerified: true, issuedAt: 0, role: Role.Admin },
    });
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const results = await Promise.allSettled([
      suspendMemberAdminHandler(as(a), {
        profileId: b.profileId,
        until,
        reason: 'Ruzie in het bestuur',
        report: null,
      }),
      suspendMemberAdminHandler(as(b), {
        profileId: a.profileId,
        until,
        reason: 'Ruzie in het bestuur',
        report: null,
      }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'FORBIDDEN', reason: 'ROLE_REQUIRED' });
    // Exactly one of the two is suspended and one is still an admin.
    const open = await db
      .selectFrom('suspensions')
      .select('uid')
      .where('uid', 'in', [a.uid, b.uid])
      .where('lifted_at', 'is', null)
      .execute();
    expect(open).toHaveLength(1);
    const roles = await db.selectFrom('accounts').select('role').where('uid', 'in', [a.uid, b.uid]).execute();
    expect(roles.map((r) => r.role).sort()).toEqual([Role.None, Role.Admin]);
  });

  it('a role change needs a reason, is logged with it, and shows in the log and on the member page', async () => {
    const admin = await createMember(Role.Admin);
    const member = await createMember();
    await enrol(member.uid, 'Sanne', 'de Vries');
    const changed = await call(
      'changeMemberRoleAdmin',
      { uid: member.uid, role: 2, reason: 'Helpt mee met modereren' },
      admin,
    );
    expect(changed.status).toBe(200);
    expect(await roleClaim(member.uid)).toBe(Role.Moderator);
    const stored = await (await getDb())
      .selectFrom('accounts')
      .select('role')
      .where('uid', '=', member.uid)
      .executeTakeFirstOrThrow();
    expect(stored.role).toBe(Role.Moderator);

    const log = await call('listAdminLogAdmin', { pageSize: 5 }, admin);
    const entry = log.body.items.find((e) => e.subjectUid === member.uid);
    expect(entry).toMatchObject({
      source: 'admin',
      action: 'CHANGE_ROLE',
      subjectName: 'Sanne de Vries',
      reason: 'Helpt mee met modereren',
      details: { from: 1, to: 2 },
    });
    const page = await call('getMemberAdmin', { uid: member.uid }, admin);
    expect(page.body.member).toMatchObject({ firstName: 'Sanne', role: 2, state: 'active' });
    expect(page.body.log.map((e) => e.action)).toEqual(['CHANGE_ROLE']);
    // The same role again changes nothing and says so on the field.
    const again = await call(
      'changeMemberRoleAdmin',
      { uid: member.uid, role: 2, reason: 'Nogmaals' },
      admin,
    );
    expect(again.body.error?.issues?.[0]?.path).toBe('role');
  });

  it('an admin can make another admin a member again while an admin remains', async () => {
    const admin = await createMember(Role.Admin);
    const other = await createMember(Role.Admin);
    await enrol(other.uid, 'Bram', 'Bestuur');
    const res = await call(
      'changeMemberRoleAdmin',
      { uid: other.uid, role: 1, reason: 'Uit het bestuur' },
      admin,
    );
    expect(res.status).toBe(200);
    expect(await roleClaim(other.uid)).toBe(Role.Member);
    // Their admin calls stop at once: the stored role counts, whatever their token still says.
    expect((await callRaw('listMembersAdmin', {}, other)).status).toBe(403);
    const page = await call('getMemberAdmin', { uid: other.uid }, admin);
    expect(page.body.log[0]).toMatchObject({ action: 'CHANGE_ROLE', details: { from: 3, to: 1 } });
  });

  it('the log pages newest first with moderation entries included, without repeats', async () => {
    const admin = await createMember(Role.Admin);
    const other = await createMember();
    await enrol(other.uid, 'Joris', 'Jansen');
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const suspend = { profileId: other.profileId, until, reason: 'Spam' };
    expect((await call('suspendMemberAdmin', suspend, admin)).status).toBe(200);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 50; i++) {
      const res: Awaited<ReturnType<typeof call<'listAdminLogAdmin'>>> = await call(
        'listAdminLogAdmin',
        { pageSize: 2, cursor },
        admin,
      );
      seen.push(...res.body.items.map((e) => e.id));
      const times = res.body.items.map((e) => e.createdAt);
      expect(times).toEqual([...times].sort().reverse());
      cursor = res.body.nextCursor;
      if (!cursor) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    const page = await call('getMemberAdmin', { uid: other.uid }, admin);
    expect(page.body.member.state).toBe('suspended');
    expect(page.body.suspensions.map((s) => s.reason)).toEqual(['Spam']);
    expect(page.body.log[0]).toMatchObject({
      source: 'moderation',
      action: 'SUSPEND_MEMBER',
      reason: 'Spam',
    });
    expect(seen).toContain(page.body.log[0]!.id);
    // A suspended member's role is not changed meanwhile (the suspension gives it back when it ends).
    const refused = await call('changeMemberRoleAdmin', { uid: other.uid, role: 2, reason: 'Later' }, admin);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.issues).toEqual([
      { path: 'role', message: 'Dit lid is geschorst: wijzig de rol na de schorsing' },
    ]);
  });

  it('members: search by name or e-mail, filter by state, sort and keyset paging', async () => {
    const admin = await createMember(Role.Admin);
    const tag = `zq${Date.now().toString(36)}`;
    const users = await Promise.all([0, 1, 2, 3].map(() => createUser(Role.Member)));
    const day = 86_400_000;
    // Explicit sign-up times: PGlite's clock can give two quick inserts the same now().
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await enrol(users[0]!.uid, 'Anna', `${tag}Bakker`, 'active', null, at(4));
    await enrol(users[1]!.uid, 'Bas', `${tag}Albers`, 'canceled', new Date(Date.now() + 10 * day), at(3));
    await enrol(users[2]!.uid, 'Cor', `${tag}Claes`, 'canceled', new Date(Date.now() - day), at(2));
    await enrol(users[3]!.uid, 'Dirk', `${tag}Dekker`, 'pending', null, at(1));
    const names = async (input: object) => {
      const all: string[] = [];
      let cursor: string | null = null;
      do {
        const res: Awaited<ReturnType<typeof call<'listMembersAdmin'>>> = await call(
          'listMembersAdmin',
          { q: tag, pageSize: 1, cursor, ...input },
          admin,
        );
        expect(res.status).toBe(200);
        all.push(...res.body.items.map((m) => m.firstName));
        cursor = res.body.nextCursor;
      } while (cursor);
      return all;
    };
    expect(await names({})).toEqual(['Bas', 'Anna', 'Cor', 'Dirk']);
    expect(await names({ sort: 'newest' })).toEqual(['Dirk', 'Cor', 'Bas', 'Anna']);
    expect(await names({ state: 'cancelled_running' })).toEqual(['Bas']);
    expect(await names({ state: 'expired' })).toEqual(['Cor']);
    expect(await names({ state: 'pending' })).toEqual(['Dirk']);
    // The account's address as the router stores it from the token.
    expect((await call('getUserAccount', {}, users[2]!)).status).toBe(200);
    const byMail = await call('listMembersAdmin', { q: users[2]!.email.toUpperCase() }, admin);
    expect(byMail.body.items.map((m) => m.uid)).toEqual([users[2]!.uid]);
    // LIKE wildcards are searched as text.
    expect((await call('listMembersAdmin', { q: `${tag}%` }, admin)).body.items).toEqual([]);
  });
});

describe('the GDPR export', () => {
  it("holds the admin log entries about the member, with the reason but not the admin's identity", async () => {
    const admin = await createMember(Role.Admin);
    const member = await createMember();
    await enrol(member.uid, 'Iris', 'Ijzer');
    const input = { uid: member.uid, role: 2 as const, reason: 'Helpt mee met modereren' };
    expect((await call('changeMemberRoleAdmin', input, admin)).status).toBe(200);
    const exported = await call('exportMyData', {}, member);
    expect(exported.status).toBe(200);
    expect(exported.body.adminLog).toEqual([
      {
        action: 'CHANGE_ROLE',
        reason: 'Helpt mee met modereren',
        details: { from: 1, to: 2 },
        created_at: expect.any(String),
      },
    ]);
    expect(JSON.stringify(exported.body)).not.toContain(admin.uid);
    // The admin's own export does not hold what they did to someone else.
    expect((await call('exportMyData', {}, admin)).body.adminLog).toEqual([]);
  });
});

describe('the admin log', () => {
  it('is append-only: its repository offers inserting and reading, nothing that updates or deletes', () => {
    const functions = Object.entries(adminLogRepo).filter(([, v]) => typeof v === 'function');
    expect(functions.map(([k]) => k).sort()).toEqual([
      'adminLogAbout',
      'appendAdminLog',
      'listCombinedLog',
      'listModerationEntries',
    ]);
    for (const [, fn] of functions) expect(String(fn)).not.toMatch(/updateTable|deleteFrom|UPDATE|DELETE/);
  });

  it('the last admin cannot be made less than admin', () => {
    expect(demotesLastAdmin(3, 2, 1)).toBe(true);
    expect(demotesLastAdmin(3, 1, 1)).toBe(true);
    expect(demotesLastAdmin(3, 2, 2)).toBe(false);
    expect(demotesLastAdmin(2, 1, 1)).toBe(false);
  });
});
