import { expect, test } from '@playwright/test';
import pg from 'pg';
import { password, shoot, unique } from './support.ts';

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
