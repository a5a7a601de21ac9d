import { validationMessages as m } from '@kring/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { type ApiResponse, call, callRaw, createUser } from '../../test/helpers.ts';
import { details } from '../../test/subscription.ts';
import { closeDb } from '../lib/db.ts';

afterAll(closeDb);

const issuesOf = (res: ApiResponse<unknown>) =>
  Object.fromEntries((res.body.error?.issues ?? []).map((i) => [i.path, i.message]));

describe('createMembership', () => {
  it('stores the personal details as a pending membership that only its owner reads back', async () => {
    const user = await createUser();
    const res = await call('createMembership', { membership: details }, user);
    expect(res.status).toBe(200);
    const expected = {
      ...details,
      postalCode: '2514 EE',
      status: 'pending',
      subscribedAt: null,
      renewedAt: null,
      canceledAt: null,
      expiresAt: null,
      expiredAt: null,
      comp: null,
    };
    expect(res.body.membership).toEqual(expected);
    expect((await call('getUserAccount', {}, user)).body.membership).toEqual(expected);

    const other = await createUser();
    expect((await call('getUserAccount', {}, other)).body.membership).toBeNull();
    // Creating it does not make anyone a member.
    expect((await call('getUserAccount', {}, user)).body.role).toBe(0);
  });

  it('answers 409 when the user already has a membership (updateMembership changes it)', async () => {
    const user = await createUser();
    await call('createMembership', { membership: details }, user);
    const again = await call('createMembership', { membership: { ...details, city: 'Delft' } }, user);
    expect(again.status).toBe(409);
    expect((await call('getUserAccount', {}, user)).body.membership).toMatchObject({ city: 'Den Haag' });
  });

  it('reports every blank or missing field with the spec message, under the field name', async () => {
    const user = await createUser();
    const blank = Object.fromEntries(Object.keys(details).map((k) => [k, '  ']));
    const res = await callRaw(
      'createMembership',
      { membership: { ...blank, houseNumberExtension: '' } },
      user,
    );
    expect(res.status).toBe(400);
    expect(issuesOf(res)).toEqual({
      'membership.firstName': m.firstName,
      'membership.lastName': m.lastName,
      'membership.birthdate': m.birthdate,
      'membership.phoneNumber': m.phoneNumber,
      'membership.streetName': m.streetName,
      'membership.houseNumber': m.houseNumber,
      'membership.postalCode': m.postalCode,
      'membership.city': m.city,
      'membership.country': m.country,
    });
    const missing = await callRaw('createMembership', { membership: { firstName: 'Jan' } }, user);
    expect(issuesOf(missing)).toMatchObject({ 'membership.lastName': m.lastName, 'membership.city': m.city });
    expect((await call('getUserAccount', {}, user)).body.membership).toBeNull();
  });

  it('checks birthdate, phone number and, for Dutch addresses, postal code and house number', async () => {
    const user = await createUser();
    const check = async (patch: object) =>
      issuesOf(await call('createMembership', { membership: { ...details, ...patch } }, user));
    const year = new Date().getUTCFullYear();
    expect(await check({ birthdate: '12-04-1988' })).toEqual({ 'membership.birthdate': m.birthdateInvalid });
    expect(await check({ birthdate: `${year - 10}-01-01` })).toEqual({
      'membership.birthdate': m.birthdateInvalid,
    });
    expect(await check({ phoneNumber: '12345' })).toEqual({ 'membership.phoneNumber': m.phoneNumberInvalid });
    expect(await check({ postalCode: '0123 AB' })).toEqual({ 'membership.postalCode': m.postalCodeInvalid });
    expect(await check({ houseNumber: '12a' })).toEqual({ 'membership.houseNumber': m.houseNumberInvalid });
    // Other countries write addresses differently: no Dutch shape checks there.
    const abroad = await call(
      'createMembership',
      {
        membership: {
          ...details,
          country: 'België',
          postalCode: '1000',
          houseNumber: '12B',
          phoneNumber: '+32 2 123 45 67',
        },
      },
      user,
    );
    expect(abroad.status).toBe(200);
    expect(abroad.body.membership).toMatchObject({ postalCode: '1000', houseNumber: '12B' });
  });

  it('defaults the country to Nederland', async () => {
    const user = await createUser();
    const { country: _country, ...withoutCountry } = details;
    const res = await call('createMembership', { membership: withoutCountry }, user);
    expect(res.body.membership).toMatchObject({ country: 'Nederland' });
  });
});

describe('updateMembership', () => {
  it("changes the caller's own details and leaves the status alone", async () => {
    const user = await createUser();
    await call('createMembership', { membership: details }, user);
    const res = await call(
      'updateMembership',
      { membership: { ...details, streetName: 'Breestraat', city: 'Leiden', postalCode: '2311 CS' } },
      user,
    );
    expect(res.status).toBe(200);
    expect(res.body.membership).toMatchObject({
      streetName: 'Breestraat',
      city: 'Leiden',
      status: 'pending',
    });
    expect((await call('getUserAccount', {}, user)).body.membership).toMatchObject({ city: 'Leiden' });
  });

  it('answers 404 without a membership, 400 on bad input, 401 when signed out', async () => {
    const user = await createUser();
    expect((await call('updateMembership', { membership: details }, user)).status).toBe(404);
    await call('createMembership', { membership: details }, user);
    const bad = await call('updateMembership', { membership: { ...details, city: ' ' } }, user);
    expect(bad.status).toBe(400);
    expect(issuesOf(bad)).toEqual({ 'membership.city': m.city });
    expect((await call('updateMembership', { membership: details })).status).toBe(401);
  });
});
