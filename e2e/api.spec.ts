import { expect, test } from '@playwright/test';
import { hosting, idToken } from './support.ts';

// Issue 2's acceptance checks: the API answers through the Hosting emulator's /web/** rewrite.

const url = `${hosting}/web/community/isUserNameAvailable`;

test.describe('API through the Hosting rewrite', () => {
  test('401 without a token, JSON with one', async ({ request }) => {
    const anonymous = await request.post(url, { data: { userName: 'jan_de_vries' } });
    expect(anonymous.status()).toBe(401);
    expect(await anonymous.json()).toEqual({ error: { code: 'UNAUTHENTICATED' } });
    const token = await idToken('bezoeker@kring.local');
    const signedIn = await request.post(url, {
      data: { userName: 'jan_de_vries' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(signedIn.status()).toBe(200);
    expect(await signedIn.json()).toEqual({ available: true, reason: null });
    const taken = await request.post(url, {
      data: { userName: 'SANNE_DE_BOER' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await taken.json()).toEqual({ available: false, reason: 'Deze naam is al in gebruik.' });
  });

  test('400 VALIDATION for a bad payload, 404 for an unknown name, 405 for GET', async ({ request }) => {
    const token = await idToken('bezoeker@kring.local');
    const bad = await request.post(url, {
      data: { userName: 42 },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bad.status()).toBe(400);
    expect(
      ((await bad.json()) as { error: { code: string; issues: { path: string }[] } }).error,
    ).toMatchObject({
      code: 'VALIDATION',
      issues: [{ path: 'userName' }],
    });
    expect((await request.post(`${hosting}/web/community/bestaatNiet`, { data: {} })).status()).toBe(404);
    expect((await request.get(url)).status()).toBe(405);
  });
});
