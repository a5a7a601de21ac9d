import { Role } from '@kring/contract';
import { describe, expect, it } from 'vitest';
import { call, callRaw, createMember, createUser } from '../../test/helpers.ts';
import { getDb } from '../lib/db.ts';

/** Small defects of the /beheer foundation (issue 25), each seen failing before its fix. */

describe('a too-large page size', () => {
  it("is VALIDATION on pageSize with a Dutch text, not zod's English", async () => {
    const admin = await createUser(Role.Admin);
    for (const [name, pageSize] of [
      ['listMembersAdmin', 500],
      ['listAdminLogAdmin', 51],
      ['listMembersAdmin', 0],
      ['listAdminLogAdmin', 2.5],
      ['listMembersAdmin', '20'],
    ] as const) {
      const res = await callRaw(name, { pageSize }, admin);
      expect(res.status, `${name} ${pageSize}`).toBe(400);
      expect(res.body.error?.issues, `${name} ${pageSize}`).toEqual([
        { path: 'pageSize', message: 'Kies een paginagrootte van 1 tot 50' },
      ]);
    }
  });
});

describe('deleting your own account as the last admin', () => {
  it('is refused (409 LAST_ADMIN) and nothing is deleted; with a second admin it goes through', async () => {
    const db = await getDb();
    const admin = await createMember(Role.Admin);
    // Earlier test files leave admins behind: here this one is the only admin.
    await db
      .updateTable('accounts')
      .set({ role: Role.Member })
      .where('role', '=', 3)
      .where('uid', '<>', admin.uid)
      .execute();
    const refused = await callRaw('/web/privacy/deleteMyAccount', { confirm: 'VERWIJDER' }, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'CONFLICT', reason: 'LAST_ADMIN' });
    const still = await db
      .selectFrom('accounts')
      .select('role')
      .where('uid', '=', admin.uid)
      .executeTakeFirst();
    expect(still).toEqual({ role: 3 });
    expect((await call('getProfile', {}, admin)).status).toBe(200);

    const second = await createMember(Role.Admin);
    expect((await callRaw('/web/privacy/deleteMyAccount', { confirm: 'VERWIJDER' }, admin)).status).toBe(200);
    expect(
      await db.selectFrom('accounts').select('uid').where('uid', '=', admin.uid).executeTakeFirst(),
    ).toBeUndefined();
    // Now the second one is the last.
    expect((await callRaw('/web/privacy/deleteMyAccount', { confirm: 'VERWIJDER' }, second)).status).toBe(
      409,
    );
  });
});

describe('/beheer/leden', () => {
  it('finds moderators and admins without a membership row (they never signed up to pay)', async () => {
    const admin = await createMember(Role.Admin);
    const moderator = await createMember(Role.Moderator);
    const plain = await createMember(Role.Member);
    const found = async (q: string) =>
      (await call('listMembersAdmin', { q, pageSize: 50 }, admin)).body.items?.map((i) => i.uid) ?? [];
    expect(await found(moderator.name)).toEqual([moderator.uid]);
    expect(await found(admin.name)).toEqual([admin.uid]);
    expect(await found(moderator.email)).toEqual([moderator.uid]);
    // A plain account without a membership is still nobody's member.
    expect(await found(plain.name)).toEqual([]);
    const page = await call('getMemberAdmin', { uid: moderator.uid }, admin);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ member: { uid: moderator.uid, role: 2 } });
  });
});
