import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { pdfText } from '../functions/test/pdf-text.ts';

// Issue 24, part A: a visitor sees the plans' prices, picks 'Jaarlijks', pays in the Mollie sandbox,
// and downloads the factuur from the payment history. Screenshots at 375 and 1366 px.

const shots = process.env.E2E_SHOTS_DIR ?? join(import.meta.dirname, 'screenshots');
mkdirSync(shots, { recursive: true });

async function shoot(page: Page, name: string) {
  for (const width of [375, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

test('plans with prices, the chosen plan paid, the history with a factuur that downloads as a PDF', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  // Where a visitor decides: /community and step 1 show both plans with their prices.
  await page.goto('/community');
  const prices = page.getByTestId('plan-prices');
  await expect(prices).toContainText('Maandelijks: € 9,95 per maand');
  await expect(prices).toContainText('Jaarlijks: € 99,00 per jaar');
  await expect(prices).toContainText('Prijzen inclusief btw.');

  await page.goto('/onboarding/personal-details');
  await expect(page.getByTestId('plan-prices')).toContainText('Jaarlijks: € 99,00 per jaar');
  await page.getByLabel('Voornaam').fill('Anna');
  await page.getByLabel('Achternaam').fill('de Vries');
  await page.getByLabel('Geboortedatum').fill('1990-05-17');
  await page.getByLabel('Telefoonnummer').fill('0612345678');
  await page.getByLabel('Straatnaam').fill('Oudegracht');
  await page.getByLabel('Huisnummer').fill('12');
  await page.getByLabel('Postcode').fill('3511 AB');
  await page.getByLabel('Stad').fill('Utrecht');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page).toHaveURL(/\/onboarding\/register$/);
  await page.getByLabel('E-mailadres').fill(`plan-${unique()}@kring.local`);
  await page.getByLabel('Wachtwoord').fill('kringdemo1');
  await page.getByRole('button', { name: 'Account aanmaken' }).click();

  // The payment step: choose the plan.
  await expect(page).toHaveURL(/\/onboarding\/payment$/);
  const choice = page.getByTestId('plan-choice');
  await expect(choice.getByRole('radio', { name: /Maandelijks/ })).toBeChecked();
  await expect(page.getByTestId('plan-price-jaarlijks')).toHaveText(/€\s99,00 per jaar/);
  await choice.getByText('Jaarlijks').click();
  await expect(choice.getByRole('radio', { name: /Jaarlijks/ })).toBeChecked();
  await shoot(page, 'plan-choice');

  await page.getByRole('button', { name: 'Betalen' }).click();
  await expect(page).toHaveURL(/\/checkout\/tr_/);
  await expect(page.getByText('99,00').or(page.getByText('99.00')).first()).toBeVisible();
  await page.getByRole('button', { name: 'Betaald' }).click();
  await expect(page).toHaveURL(/\/onboarding\/profile$/, { timeout: 60_000 });

  // The payment history on the membership page, with the factuur.
  await page.goto('/account/lidmaatschap');
  const payment = page.getByTestId('payment').first();
  await expect(payment).toContainText('€ 99,00');
  await expect(payment).toContainText('Jaarlijks · Betaald · iDEAL');
  await expect(payment).toContainText('Periode:');
  const button = payment.getByRole('button', { name: /^Factuur KR-\d{6}$/ });
  await expect(button).toBeVisible();
  const number = (await button.textContent())!.replace('Factuur ', '');
  await page.getByRole('heading', { name: 'Betalingen' }).scrollIntoViewIfNeeded();
  await shoot(page, 'payment-history');

  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe(`kring-factuur-${number}.pdf`);
  const text = (await pdfText(readFileSync((await download.path())!))).replace(/\u00a0/g, ' ');
  expect(text).toContain(`Factuurnummer\n${number}`);
  expect(text).toContain('Btw 21%\n€ 17,18');
  expect(text).toContain('Bedrag excl. btw\n€ 81,82');
  expect(text).toContain('Totaal\n€ 99,00');
  expect(text).toContain('Anna de Vries');
  expect(text).toContain('Btw-nummer: NL000000000B00');

  expect(errors).toEqual([]);
});
