import { expect, test } from '@playwright/test';
import { shoot, signIn, unique } from './support.ts';

// Issue 25's foundation: the admin finds a member at /beheer/leden, makes them moderator with a
// reason (confirmed), sees it on the member's page and in /beheer/logboek, and puts it back.

test('the admin finds joris, changes his role with a reason, and the log shows it', async ({ page }) => {
  await signIn(page, 'admin@kring.local');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /account/i })
    .click();
  // Exact: a post by the admin (profile 'Ans_Beheer') on the page is a link whose name holds 'Beheer' too.
  await page.getByRole('link', { name: 'Beheer', exact: true }).click();
  // Beheer opens the overview (e2e/admin-overview.spec.ts); the members are next in the admin nav.
  await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Leden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Leden' })).toBeVisible();
  await expect(page.getByRole('link', { name: /sanne/i })).toBeVisible();
  await shoot(page, 'admin-members');

  await page.getByRole('searchbox', { name: 'Zoek op naam of e-mailadres' }).fill('joris@kring');
  await page.getByRole('main').getByRole('button', { name: 'Zoeken' }).click();
  await expect(page.getByRole('link', { name: /sanne/i })).toBeHidden();
  await page.getByRole('link', { name: /joris/i }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Rol: Lid' })).toBeVisible();

  const reason = `Helpt mee met modereren ${unique()}`;
  await page.getByLabel('Nieuwe rol').selectOption({ label: 'Moderator' });
  await page
    .getByRole('form', { name: 'Rol wijzigen' })
    .getByLabel('Reden (komt in het logboek)')
    .fill(reason);
  await page.getByRole('button', { name: 'Rol wijzigen' }).click();
  await expect(page.getByText(/wordt moderator\. Weet je het zeker\?/)).toBeVisible();
  await shoot(page, 'admin-member-confirm');
  // Nothing sticks out sideways on a phone.
  await page.setViewportSize({ width: 375, height: 900 });
  const wide = await page.evaluate<string[]>(
    `[...document.querySelectorAll('main *')].filter((e) => e.getBoundingClientRect().right > 376).map((e) => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))`,
  );
  expect(wide).toEqual([]);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('button', { name: 'Ja, rol wijzigen' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Rol: Moderator' })).toBeVisible();
  const memberLog = page.getByTestId('admin-log');
  await expect(memberLog).toContainText(reason);
  await expect(memberLog).toContainText('Lid → Moderator');
  await shoot(page, 'admin-member');

  await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Logboek' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Logboek' })).toBeVisible();
  await expect(page.getByTestId('admin-log').getByRole('listitem').first()).toContainText(reason);
  await shoot(page, 'admin-log');

  // Back to member, so the demo data stays as it was.
  await page.getByTestId('admin-log').getByRole('link', { name: /joris/i }).first().click();
  await page.getByLabel('Nieuwe rol').selectOption({ label: 'Lid' });
  await page
    .getByRole('form', { name: 'Rol wijzigen' })
    .getByLabel('Reden (komt in het logboek)')
    .fill('Terug naar lid (e2e)');
  await page.getByRole('button', { name: 'Rol wijzigen' }).click();
  await page.getByRole('button', { name: 'Ja, rol wijzigen' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Rol: Lid' })).toBeVisible();
});

test('a moderator gets the not-found page at /beheer', async ({ page }) => {
  await signIn(page, 'moderator@kring.local');
  await page.goto('/beheer/leden');
  await expect(page.getByRole('heading', { level: 1, name: 'Leden' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
