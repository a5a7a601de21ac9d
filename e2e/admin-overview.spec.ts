import { expect, test } from '@playwright/test';
import { shoot, signIn } from './support.ts';

// Issue 25's overview: the admin opens /beheer from the account menu and sees the counts, the money
// and the 12-month chart; the table under the chart says exactly what the page's call answered.

interface Overview {
  states: Record<
    'active' | 'grace' | 'comp' | 'noMembership' | 'cancelledRunning' | 'expired' | 'pending' | 'suspended',
    number
  >;
  payingMembers: number;
  mrrCents: number;
  history: { month: string; payingMembers: number; mrrCents: number }[];
}

const euro = (cents: number) =>
  new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const count = (n: number) => new Intl.NumberFormat('nl-NL').format(n);

test('the admin opens /beheer: counts, the chart and its table match the call', async ({ page }) => {
  await signIn(page, 'admin@kring.local');
  const answer = page.waitForResponse((r) => r.url().endsWith('/web/community/getOverviewAdmin') && r.ok());
  await page
    .getByRole('banner')
    .getByRole('button', { name: /account/i })
    .click();
  await page.getByRole('link', { name: 'Beheer', exact: true }).click();
  await expect(page).toHaveURL(/\/beheer$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Overzicht' })).toBeVisible();
  const data = (await (await answer).json()) as Overview;
  // The demo data has paying members (their first payments go through the Mollie sandbox).
  expect(data.payingMembers).toBeGreaterThan(0);
  expect(data.history).toHaveLength(12);
  expect(data.history.at(-1)).toMatchObject({ payingMembers: data.payingMembers, mrrCents: data.mrrCents });

  const tile = (label: string) =>
    page.locator(`xpath=//main//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);
  await expect(tile('Actief')).toHaveText(count(data.states.active));
  await expect(tile('Wacht op eerste betaling')).toHaveText(count(data.states.pending));
  await expect(tile('Erelid of bestuur (gratis)')).toHaveText(count(data.states.comp));
  await expect(tile('Geen lidmaatschap (team)')).toHaveText(count(data.states.noMembership));
  await expect(tile('Betalende leden')).toHaveText(count(data.payingMembers));
  await expect(tile('Maandelijkse inkomsten (MRR)')).toHaveText(euro(data.mrrCents));

  // Two charts a screen reader announces with their first and last month, and a table for the numbers.
  const charts = page.getByRole('img', { name: /per maand, van/ });
  await expect(charts).toHaveCount(2);
  await expect(charts.first()).toHaveAccessibleName(new RegExp(`tot ${count(data.payingMembers)} in`));
  await page.getByText('Als tabel').click();
  const rows = page.getByTestId('overview-history').locator('tbody tr');
  await expect(rows).toHaveCount(12);
  for (const [i, m] of data.history.entries()) {
    await expect(rows.nth(i).locator('td')).toHaveText([count(m.payingMembers), euro(m.mrrCents)]);
  }
  await expect(rows.last().locator('th')).toContainText('(tot nu)');
  await shoot(page, 'admin-overview');

  // Nothing sticks out sideways on a phone.
  await page.setViewportSize({ width: 375, height: 900 });
  const wide = await page.evaluate<string[]>(
    `[...document.querySelectorAll('main *')].filter((e) => e.getBoundingClientRect().right > 376).map((e) => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))`,
  );
  expect(wide).toEqual([]);
  await page.setViewportSize({ width: 1366, height: 900 });

  // The admin nav leads on to the members.
  await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Leden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Leden' })).toBeVisible();
});
