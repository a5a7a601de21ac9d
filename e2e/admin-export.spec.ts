import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { shoot, signIn } from './support.ts';

// Issue 25's exports: the admin downloads the ledenlijst and this month's payments at /beheer/export,
// and the files hold what Dutch Excel needs (BOM, ';', decimal comma, dd-mm-jjjj) and the demo rows.

const BOM = '\uFEFF';
const rowsOf = (text: string): string[][] => parse(text, { bom: true, delimiter: ';' });

async function save(download: import('@playwright/test').Download) {
  const path = await download.path();
  return readFileSync(path, 'utf8');
}

test("the admin downloads the ledenlijst and the month's payments as CSV", async ({ page }) => {
  await signIn(page, 'admin@kring.local');
  await page.goto('/beheer/leden');
  await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Export' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Export' })).toBeVisible();
  await shoot(page, 'admin-export');
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  const [members] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Ledenlijst downloaden' }).click(),
  ]);
  expect(members.suggestedFilename()).toMatch(/^kring-leden-\d{4}-\d\d-\d\d\.csv$/);
  const memberText = await save(members);
  expect(memberText.startsWith(`${BOM}Lid-id;Voornaam;Achternaam;E-mailadres;`)).toBe(true);
  const [memberHeader, ...memberRows] = rowsOf(memberText);
  const col = (name: string) => memberHeader!.indexOf(name);
  const sanne = memberRows.find((r) => r[col('E-mailadres')] === 'sanne@kring.local');
  expect(sanne?.[col('Lid-id')]).toBe('demo-sanne');
  expect(sanne?.[col('Status')]).toBe('Actief');
  expect(sanne?.[col('Rol')]).toBe('Lid');
  expect(sanne?.[col('Lid sinds')]).toMatch(/^\d\d-\d\d-\d{4}$/);
  expect(sanne?.[col('Geboortedatum')]).toMatch(/^\d\d-\d\d-\d{4}$/);
  await expect(page.getByText(`${members.suggestedFilename()} is gedownload.`)).toBeVisible();

  // This month: the demo members paid their first payment when the stack was seeded.
  const [payments] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Betalingen downloaden' }).click(),
  ]);
  expect(payments.suggestedFilename()).toMatch(/^kring-betalingen-\d{4}-\d\d\.csv$/);
  const paymentText = await save(payments);
  const [paymentHeader, ...paymentRows] = rowsOf(paymentText);
  expect(paymentHeader!.slice(0, 4)).toEqual(['Nummer', 'Soort', 'Corrigeert', 'Datum']);
  const pcol = (name: string) => paymentHeader!.indexOf(name);
  const sannes = paymentRows.find(
    (r) => r[pcol('Lid-id')] === 'demo-sanne' && r[pcol('Soort')] === 'Factuur',
  );
  expect(sannes?.[pcol('Nummer')]).toMatch(/^KR-\d{6}$/);
  expect(sannes?.[pcol('Totaal')]).toMatch(/^\d+,\d\d$/);
  expect(sannes?.[pcol('Datum')]).toMatch(/^\d\d-\d\d-\d{4}$/);
  expect(sannes?.[pcol('Mollie-id')]).toMatch(/^tr_/);
  const cents = (v: string) => Number(v.replace(',', ''));
  expect(cents(sannes![pcol('Bedrag excl. btw')]!) + cents(sannes![pcol('Btw')]!)).toBe(
    cents(sannes![pcol('Totaal')]!),
  );

  // Both downloads are in the log.
  await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Logboek' }).click();
  const log = page.getByTestId('admin-log').getByRole('listitem');
  await expect(log.first()).toContainText('downloadde de betalingen van een maand');
  await expect(log.nth(1)).toContainText('downloadde de ledenlijst');
});
