import { expect, test } from '@playwright/test';
import pg from 'pg';
import { api, hosting, idToken, password, shoot, unique } from './support.ts';

// What a suspended member sees (issue 16 follow-up): a calm message with the date on every gated
// page, never the payment page. The suspension itself is written as suspendMemberAdmin writes it
// (functions/src/accounts/suspensions.ts); the API tests cover the call.

const authEmulator = 'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1';

test('a suspended member sees why they cannot get in, with the date, instead of the payment page', async ({
  page,
}) => {
  const email = `geschorst-${unique()}@kring.test`;
  const signUp = await fetch(`${authEmulator}/accounts:signUp?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const { localId: uid } = (await signUp.json()) as { localId: string };

  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    await db.query('INSERT INTO accounts (uid, email, role) VALUES ($1, $2, 0)', [uid, email]);
    // Until the start of 1 March 2099, Amsterdam time.
    await db.query(
      `INSERT INTO suspensions (uid, suspended_until, previous_role, reason, suspended_by)
       VALUES ($1, '2099-02-28T23:00:00Z', 1, 'Herhaald reclame maken', NULL)`,
      [uid],
    );
  } finally {
    await db.end();
  }

  await page.goto('/auth/signin');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Je account is geschorst' })).toBeVisible();
  await expect(
    page.getByText(
      'Een beheerder heeft je account geschorst tot 1 maart 2099. Tot die datum kun je de community niet gebruiken.',
    ),
  ).toBeVisible();

  await page.goto('/community/tijdlijn');
  await expect(page.getByRole('heading', { name: 'Je account is geschorst' })).toBeVisible();
  await shoot(page, 'suspended-member');
  await page.goto('/onboarding/payment');
  await expect(page.getByRole('heading', { name: 'Je account is geschorst' })).toBeVisible();
  await shoot(page, 'suspended-member-onboarding');
});

/** A call under /web/{service}/ through Hosting, as the token's user. */
async function post(token: string, path: string, body: unknown) {
  const res = await fetch(`${hosting}/web/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

test('a suspended member can still cancel, download their data and delete their account', async ({
  page,
}) => {
  // A real paying member: the first payment paid on the Mollie sandbox's checkout, a profile made.
  const email = `geschorst-lid-${unique()}@kring.test`;
  await fetch(`${authEmulator}/accounts:signUp?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const started = await post(await idToken(email), 'subscription/createSubscriptionInitialPayment', {
    membership: {
      firstName: 'Mila',
      lastName: 'de Vries',
      birthdate: '1990-03-14',
      phoneNumber: '06 12345678',
      streetName: 'Oudegracht',
      houseNumber: '10',
      houseNumberExtension: '',
      postalCode: '3511 AB',
      city: 'Utrecht',
      country: 'Nederland',
    },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await fetch(String(started.body.checkoutUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ status: 'paid' }).toString(),
    redirect: 'manual',
  });
  await expect
    .poll(
      async () => (await post(await idToken(email), 'subscription/getSubscriptionStatus', {})).body.status,
      {
        timeout: 30_000,
      },
    )
    .toBe('active');
  const { profile } = await api<{ profile: { id: number } }>(await idToken(email), 'createProfile', {
    name: `geschorst_${unique()}`,
    occupation: 'Jurist',
    bio: 'Hallo',
  });
  // The admin suspends them for 30 days (at most a year ahead is allowed).
  const until = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await api(await idToken('admin@kring.local'), 'suspendMemberAdmin', {
    profileId: profile.id,
    until,
    reason: 'Herhaald reclame maken',
  });

  await page.goto('/auth/signin');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Je account is geschorst' })).toBeVisible();
  // The header offers their one page, not 'Maak je profiel compleet'.
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Lidmaatschap' })).toHaveAttribute(
    'href',
    '/account/lidmaatschap',
  );
  await expect(header.getByRole('link', { name: 'Maak je profiel compleet' })).toHaveCount(0);
  await page.getByRole('link', { name: 'naar je lidmaatschap' }).click();

  await expect(page).toHaveURL(/\/account\/lidmaatschap$/);
  const banner = page.getByRole('region', { name: 'Je account is geschorst' });
  await expect(banner).toContainText('Een beheerder heeft je account geschorst tot');
  await expect(page.getByTestId('membership-status')).toHaveText('Actief');
  await shoot(page, 'suspended-membership');

  await page.getByRole('button', { name: 'Lidmaatschap opzeggen' }).click();
  await page.getByRole('button', { name: 'Ja, opzeggen' }).click();
  await expect(page.getByText('Je lidmaatschap is opgezegd.')).toBeVisible();
  await expect(page.getByTestId('membership-status')).toHaveText('Opgezegd');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download mijn gegevens' }).click();
  expect((await download).suggestedFilename()).toMatch(/^kring-mijn-gegevens-\d{4}-\d{2}-\d{2}\.json$/);
  await expect(page.getByText('Je gegevens zijn gedownload als JSON-bestand.')).toBeVisible();
  await shoot(page, 'suspended-membership-canceled');

  await page.getByRole('button', { name: 'Verwijder mijn account' }).click();
  await page.getByRole('button', { name: 'Ja, verwijder mijn account' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Inloggen' })).toBeVisible({
    timeout: 30_000,
  });
  // The account is gone: signing in with it fails.
  const again = await fetch(`${authEmulator}/accounts:signInWithPassword?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  expect(again.status).toBe(400);
});
