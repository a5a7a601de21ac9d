import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';

// Issue 7's journey: a visitor becomes a paying member with a profile, through the real stack
// (Auth emulator, functions, Postgres, Mollie sandbox checkout, RTDB stand-in).

const screenshots = join(import.meta.dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });
const widths = [375, 768, 1366] as const;

/** Full-page screenshots at the three widths of the issue, then back to the desktop width. */
async function shoot(page: Page, name: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    // Let layout settle after the resize (the header switches between menu button and links).
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(screenshots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

async function fillPersonalDetails(page: Page) {
  await page.getByLabel('Voornaam').fill('Anna');
  await page.getByLabel('Achternaam').fill('de Vries');
  await page.getByLabel('Geboortedatum').fill('1990-05-17');
  await page.getByLabel('Telefoonnummer').fill('0612345678');
  await page.getByLabel('Straatnaam').fill('Oudegracht');
  await page.getByLabel('Huisnummer').fill('12');
  await page.getByLabel('Postcode').fill('3511 AB');
  await page.getByLabel('Stad').fill('Utrecht');
  await expect(page.getByLabel('Land')).toHaveValue('Nederland');
}

/** From the home page through details and registration to the payment step. */
async function becomeMemberUntilPayment(page: Page, email: string) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Lid worden' }).click();
  await expect(page).toHaveURL(/\/onboarding\/personal-details$/);

  // The spec's messages for a blank form.
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByText('Vul een voornaam in')).toBeVisible();
  await expect(page.getByText('Vul een stad in')).toBeVisible();
  await fillPersonalDetails(page);
  await expect(page.getByText('Vul een voornaam in')).toBeHidden();
  await page.getByRole('button', { name: 'Volgende' }).click();

  await expect(page).toHaveURL(/\/onboarding\/register$/);
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill('kringdemo1');
  await page.getByRole('button', { name: 'Account aanmaken' }).click();

  await expect(page).toHaveURL(/\/onboarding\/payment$/);
  await expect(page.getByTestId('plan-choice')).toContainText('€');
}

/** Pays (or not) on the sandbox's Dutch checkout page, which redirects back to /onboarding/payment. */
async function checkout(page: Page, outcome: 'Betaald' | 'Mislukt') {
  await page.getByRole('button', { name: 'Betalen' }).click();
  await expect(page).toHaveURL(/\/checkout\/tr_/);
  await page.getByRole('button', { name: outcome }).click();
  await page.waitForURL(/\/onboarding\/(payment|profile)/);
}

test('a visitor becomes a member: details, account, payment, profile, timeline', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/');
  await expect(page).toHaveTitle(/Kring/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Inloggen' })).toBeVisible();
  await shoot(page, 'home');

  const email = `lid-${unique()}@kring.local`;
  await becomeMemberUntilPayment(page, email);
  await shoot(page, 'payment');
  await checkout(page, 'Betaald');

  // Paid: the token is refreshed (member role) and the account reloaded, so the profile step opens.
  await expect(page).toHaveURL(/\/onboarding\/profile$/, { timeout: 60_000 });
  const userName = `lid_${unique()}`;
  await page.getByLabel('Gebruikersnaam').fill('een naam');
  await expect(
    page.getByText('Je gebruikersnaam mag alleen letters, cijfers en laag streepje bevatten.'),
  ).toBeVisible();
  await page.getByLabel('Gebruikersnaam').fill(userName);
  await expect(page.getByText('Deze naam is beschikbaar.')).toBeVisible();
  await page.getByLabel('Beroep').fill('Zelfstandig ontwerper');
  await page.getByLabel('Bio').fill('Ik ontwerp websites voor kleine ondernemers.');
  await shoot(page, 'profile');
  await page.getByRole('button', { name: 'Profiel aanmaken' }).click();

  await expect(page).toHaveURL(/\/community\/tijdlijn$/, { timeout: 60_000 });
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: /^Notificaties/ })).toBeVisible();
  await expect(header.getByRole('button', { name: /^Berichten/ })).toBeVisible();

  // The account popover: name, karma points and the three entries.
  await header.getByRole('button', { name: 'Accountmenu' }).click();
  // (In the header: the timeline's vote buttons say 'n PUNTEN' too.)
  await expect(header.getByText(userName)).toBeVisible();
  await expect(header.getByText(/^\d+ PUNT(EN)?$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Lidmaatschap' })).toBeVisible();
  await page.keyboard.press('Escape');
  await shoot(page, 'timeline');

  // The membership page shows the paid membership.
  await page.goto('/account/lidmaatschap');
  await expect(page.getByTestId('membership-status')).toHaveText('Actief');

  // Sign-out: back to a signed-out header on /.
  await header.getByRole('button', { name: 'Accountmenu' }).click();
  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole('link', { name: 'Inloggen' })).toBeVisible();

  // And in again with the new account: straight to the timeline.
  await header.getByRole('link', { name: 'Inloggen' }).click();
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill('kringdemo1');
  await page.getByRole('main').getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page).toHaveURL(/\/community\/tijdlijn$/);

  expect(errors).toEqual([]);
});

test('a failed payment shows Mislukt with a retry, and the visitor can pay again', async ({ page }) => {
  await becomeMemberUntilPayment(page, `mislukt-${unique()}@kring.local`);
  await checkout(page, 'Mislukt');

  await expect(page).toHaveURL(/\/onboarding\/payment$/);
  await expect(page.getByText('Je betaling is mislukt.')).toBeVisible();
  const retry = page.getByRole('button', { name: 'Opnieuw betalen' });
  await expect(retry).toBeVisible();
  await shoot(page, 'payment-failed');

  // Still signed in without membership: the header offers to complete the profile.
  await page.goto('/');
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Maak je profiel compleet' }),
  ).toBeVisible();

  // The retry starts a new checkout.
  await page.goto('/onboarding/payment');
  await page.getByRole('button', { name: 'Opnieuw betalen' }).click();
  await expect(page).toHaveURL(/\/checkout\/tr_/);
});

test('sign-in shows the Dutch error catalogue', async ({ page }) => {
  await page.goto('/auth/signin');
  await page.getByLabel('E-mailadres').fill(`niemand-${unique()}@kring.local`);
  await page.getByLabel('Wachtwoord').fill('verkeerd1');
  await page.getByRole('main').getByRole('button', { name: 'Inloggen', exact: true }).click();
  // The Auth emulator answers EMAIL_NOT_FOUND (or INVALID_LOGIN_CREDENTIALS with enumeration protection).
  await expect(page.getByRole('alert')).toHaveText(
    /Dit emailadres is niet geregistreerd|Deze credentie is ongeldig/,
  );
});
