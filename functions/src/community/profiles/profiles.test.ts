import { validationMessages as m } from '@kring/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { call, createMember, createUser, uniqueName } from '../../../test/helpers.ts';
import { closeDb } from '../../lib/db.ts';

afterAll(closeDb);

describe('getUserAccount', () => {
  it('returns a signed-in visitor with no profile and no membership', async () => {
    const user = await createUser();
    const res = await call('getUserAccount', {}, user);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      uid: user.uid,
      email: user.email,
      role: 0,
      profile: null,
      membership: null,
      suspendedUntil: null,
      tokenStale: false,
    });
  });

  it('returns the profile of a member who made one', async () => {
    const member = await createMember(1);
    const res = await call('getUserAccount', {}, member);
    expect(res.body.role).toBe(1);
    expect(res.body.profile).toMatchObject({
      id: member.profileId,
      name: member.name,
      role: 1,
      karmaPoints: 0,
    });
  });
});

describe('isUserNameAvailable', () => {
  it('is case-insensitive and reports a taken name in Dutch', async () => {
    const member = await createMember(1);
    const other = await createUser();
    const res = await call('isUserNameAvailable', { userName: member.name.toUpperCase() }, other);
    expect(res.body).toEqual({ available: false, reason: m.userNameTaken });
    expect((await call('isUserNameAvailable', { userName: uniqueName('vrij') }, other)).body).toEqual({
      available: true,
      reason: null,
    });
  });

  it("treats the caller's own current name as available", async () => {
    const member = await createMember(1);
    expect((await call('isUserNameAvailable', { userName: member.name }, member)).body.available).toBe(true);
  });

  it('applies the spec rules: required, letters/digits/underscore, accented Latin letters allowed', async () => {
    const user = await createUser();
    const check = async (userName: string) => (await call('isUserNameAvailable', { userName }, user)).body;
    expect(await check('   ')).toEqual({ available: false, reason: m.userNameRequired });
    expect(await check('jan de vries')).toEqual({ available: false, reason: m.userNameChars });
    expect(await check('jan-devries')).toEqual({ available: false, reason: m.userNameChars });
    expect(await check(`zoë_${Date.now().toString(36)}`)).toEqual({ available: true, reason: null });
  });
});

describe('createProfile', () => {
  it('creates a profile with a numeric id for a paying member', async () => {
    const user = await createUser(1);
    const name = uniqueName('anna');
    const res = await call('createProfile', { name, occupation: 'Docent', bio: 'Ik geef les.' }, user);
    expect(res.status).toBe(200);
    const profile = res.body.profile;
    expect(Number.isInteger(profile.id)).toBe(true);
    expect(profile).toMatchObject({ name, occupation: 'Docent', bio: 'Ik geef les.' });
    expect((await call('getProfile', {}, user)).body.profile).toMatchObject({ id: profile.id, name });
  });

  it('refuses a visitor without a membership', async () => {
    const res = await call(
      'createProfile',
      { name: uniqueName(), occupation: '', bio: '' },
      await createUser(),
    );
    expect(res.status).toBe(403);
  });

  it('refuses a name that differs only in case from a taken one, with the spec message', async () => {
    const first = await createMember(1);
    const res = await call(
      'createProfile',
      { name: first.name.toUpperCase(), occupation: '', bio: '' },
      await createUser(1),
    );
    expect(res.status).toBe(400);
    expect(res.body.error?.issues).toEqual([{ path: 'name', message: m.userNameTaken }]);
  });

  it('gives only one of two members racing for the same name the name', async () => {
    const [a, b] = await Promise.all([createUser(1), createUser(1)]);
    const name = uniqueName('race');
    const results = await Promise.all(
      [a, b].map((u) => call('createProfile', { name, occupation: '', bio: '' }, u)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('refuses a second profile for the same member', async () => {
    const member = await createMember(1);
    const res = await call('createProfile', { name: uniqueName(), occupation: '', bio: '' }, member);
    expect(res.status).toBe(409);
  });

  it('enforces the occupation and bio limits with Dutch messages', async () => {
    const user = await createUser(1);
    const res = await call(
      'createProfile',
      { name: uniqueName(), occupation: 'x'.repeat(61), bio: 'y'.repeat(501) },
      user,
    );
    expect(res.status).toBe(400);
    expect(res.body.error?.issues).toEqual([
      { path: 'occupation', message: m.occupationLimit },
      { path: 'bio', message: m.bioLimit },
    ]);
  });

  it('rejects a name with spaces with the spec message', async () => {
    const res = await call(
      'createProfile',
      { name: 'jan de vries', occupation: '', bio: '' },
      await createUser(1),
    );
    expect(res.body.error?.issues).toEqual([{ path: 'name', message: m.userNameChars }]);
  });
});

describe('updateProfile', () => {
  it('changes name, occupation and bio, and keeps names unique', async () => {
    const member = await createMember(1);
    const other = await createMember(1);
    const name = uniqueName('nieuw');
    const res = await call('updateProfile', { name, occupation: 'Bakker', bio: 'Brood' }, member);
    expect(res.body.profile).toMatchObject({
      id: member.profileId,
      name,
      occupation: 'Bakker',
      bio: 'Brood',
    });
    const clash = await call('updateProfile', { name: other.name, occupation: '', bio: '' }, member);
    expect(clash.body.error?.issues).toEqual([{ path: 'name', message: m.userNameTaken }]);
  });

  it('needs a profile first', async () => {
    const res = await call(
      'updateProfile',
      { name: uniqueName(), occupation: '', bio: '' },
      await createUser(1),
    );
    expect(res.status).toBe(403);
  });
});
