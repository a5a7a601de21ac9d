import { expect, test } from '@playwright/test';
import { memberPages, shoot, signIn, unique } from './support.ts';

// Issue 25, refunds: the admin finds sanne at /beheer/leden, refunds half of her last payment with a
// reason (confirmed), sees the refund and the creditnota on her page and in the log; sanne sees the
// refund and the creditnota in her own payment history.

const memberPage = memberPages();

/** '9,95' -> 995 (the amount field's text). */
const cents = (text: string) => {
  const [euros, rest = ''] = text.split(',');
  return Number(euros) * 100 + Number(rest.padEnd(2, '0'));
};
const euros = (c: number) => `${Math.floor(c / 100)},${String(c % 100).padStart(2, '0')}`;

test('the admin refunds half of sanne’s last payment; both see the refund and the creditnota', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin@kring.local');
  await page.goto('/beheer/leden');
  await page.getByRole('searchbox', { name: 'Zoek op naam of e-mailadres' }).fill('sanne@kring');
  await page.getByRole('main').getByRole('button', { name: 'Zoeken' }).click();
  await page.getByRole('link', { name: /sanne/i }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Betalingen' })).toBeVisible();

  // Her last payment is listed first, with its status and factuur.
  const last = page.getByTestId('payment').first();
  await expect(last).toContainText('Betaald');
  await expect(last.getByRole('button', { name: /^Factuur KR-/ })).toBeVisible();
  const creditNotesBefore = await last.getByRole('button', { name: /^Creditnota KR-/ }).count();
  await last.getByRole('button', { name: 'Terugbetalen' }).click();

  // The whole refundable amount is filled in; make it half.
  const amount = last.getByLabel('Bedrag in euro');
  const half = Math.floor(cents(await amount.inputValue()) / 2);
  await amount.fill(euros(half));
  const reason = `Goodwill na storing ${unique()}`;
  await last.getByLabel('Reden (komt in het logboek, niet bij het lid)').fill(reason);
  await last.getByRole('button', { name: 'Terugbetalen' }).click();
  await expect(last.getByText(`€ ${euros(half)} terugbetalen aan`, { exact: false })).toBeVisible();
  await shoot(page, 'admin-refund-confirm');
  // Nothing sticks out sideways on a phone.
  await page.setViewportSize({ width: 375, height: 900 });
  const wide = await page.evaluate<string[]>(
    `[...document.querySelectorAll('main *')].filter((e) => e.getBoundingClientRect().right > 376).map((e) => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))`,
  );
  expect(wide).toEqual([]);
  await page.setViewportSize({ width: 1366, height: 900 });
  await last.getByRole('button', { name: 'Ja, terugbetalen' }).click();

  await expect(page.getByText(`€ ${euros(half)} is terugbetaald.`, { exact: false })).toBeVisible();
  const refunded = page.getByTestId('payment').first();
  await expect(refunded.getByTestId('refund').last()).toContainText(`Terugbetaling € ${euros(half)}`);
  await expect(refunded.getByTestId('refund').last()).toContainText('terugbetaald');
  await expect(refunded.getByRole('button', { name: /^Creditnota KR-/ })).toHaveCount(creditNotesBefore + 1);
  const log = page.getByTestId('admin-log');
  await expect(log).toContainText(reason);
  await expect(log).toContainText(`deed een terugbetaling over sanne`);
  await shoot(page, 'admin-refund-done');

  // Sanne's own history shows the refund with its status and the creditnota.
  const sanne = await memberPage(browser, 'sanne@kring.local');
  await sanne.goto('/account/lidmaatschap');
  const mine = sanne.getByTestId('payment').first();
  await expect(mine.getByTestId('refund').last()).toContainText(`Terugbetaling € ${euros(half)}`);
  await expect(mine.getByRole('button', { name: /^Creditnota KR-/ })).toHaveCount(creditNotesBefore + 1);
  await expect(sanne.getByText(reason)).toHaveCount(0);
  await sanne.getByRole('heading', { name: 'Betalingen' }).scrollIntoViewIfNeeded();
  await shoot(sanne, 'member-refund-history');
});
