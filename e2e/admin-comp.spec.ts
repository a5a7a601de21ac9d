import { expect, type Page, test } from '@playwright/test';
import { hosting, idToken, memberPages, shoot, signIn, unique } from './support.ts';

// Issue 25, complimentary memberships (docs/admin.md): the admin gives joris an honorary membership
// with a reason. While his Mollie subscription renews that is refused; joris cancels, the admin gives
// it, joris sees 'Erelidmaatschap tot …' without pay or cancel buttons; then the admin ends it and
// joris takes his cancellation back, so the demo data is as it was (header-width measures his header).

const memberPage = memberPages();

/** An Amsterdam calendar date `days` from now as YYYY-MM-DD, and as the pages write it. */
function dayIn(days: number) {
  const at = new Date(Date.now() + days * 86_400_000);
  const part = (o: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', ...o }).format(at);
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(at);
  return { iso, text: `${part({ day: 'numeric' })} ${part({ month: 'long' })} ${part({ year: 'numeric' })}` };
}

/** A call as a demo user whose answer may be a refusal (the clean-up after a failed journey). */
const tryCall = async (email: string, service: string, name: string, body: unknown) =>
  fetch(`${hosting}/web/${service}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await idToken(email)}` },
    body: JSON.stringify(body),
  });

async function grant(admin: Page, until: string, reason: string) {
  const form = admin.getByRole('form', { name: 'Gratis lidmaatschap geven' });
  await form.getByLabel('Soort').selectOption({ label: 'Erelidmaatschap' });
  await form.getByLabel('Tot en met').fill(until);
  await form.getByLabel('Reden (komt in het logboek)').fill(reason);
  await form.getByRole('button', { name: 'Gratis lidmaatschap geven' }).click();
  await expect(form.getByText(/krijgt erelidmaatschap tot en met .*Weet je het zeker\?/)).toBeVisible();
  await form.getByRole('button', { name: 'Ja, doorgaan' }).click();
}

test('the admin gives joris an honorary membership, joris sees it, and the admin ends it again', async ({
  page,
  browser,
}) => {
  const joris = await memberPage(browser, 'joris@kring.local');
  await signIn(page, 'admin@kring.local');
  await page.goto('/beheer/leden');
  await page.getByRole('searchbox', { name: 'Zoek op naam of e-mailadres' }).fill('joris@kring');
  await page.getByRole('main').getByRole('button', { name: 'Zoeken' }).click();
  await page.getByRole('link', { name: /joris/i }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Gratis lidmaatschap' })).toBeVisible();
  const uid = decodeURIComponent(page.url().split('/').at(-1) ?? '');
  const until = dayIn(400);
  const reason = `Dertig jaar secretaris ${unique()}`;
  try {
    // Joris still pays through his Mollie subscription: refused, with what to do.
    await grant(page, until.iso, reason);
    await expect(
      page.getByText('Dit lid betaalt nog via een doorlopend abonnement.', { exact: false }),
    ).toBeVisible();

    await joris.goto('/account/lidmaatschap');
    await joris.getByRole('button', { name: 'Lidmaatschap opzeggen' }).click();
    await joris.getByRole('button', { name: 'Ja, opzeggen' }).click();
    await expect(joris.getByTestId('membership-status')).toHaveText('Opgezegd');

    await grant(page, until.iso, reason);
    await expect(page.getByText('Het gratis lidmaatschap is vastgelegd.')).toBeVisible();
    await expect(page.getByTestId('comp-section')).toContainText(`Erelidmaatschap tot en met ${until.text}`);
    await expect(page.getByText('Erelid of bestuur (gratis)')).toBeVisible();
    await expect(page.getByTestId('admin-log').getByRole('listitem').first()).toContainText(reason);
    await shoot(page, 'admin-comp-member');

    await joris.reload();
    await expect(joris.getByTestId('membership-status')).toHaveText(`Erelidmaatschap tot ${until.text}`);
    await expect(joris.getByRole('button', { name: 'Opzegging intrekken' })).toHaveCount(0);
    await expect(joris.getByRole('button', { name: 'Lidmaatschap opzeggen' })).toHaveCount(0);
    await shoot(joris, 'admin-comp-account');

    const end = page.getByRole('form', { name: 'Nu beëindigen' });
    await end.getByLabel('Reden van beëindigen (komt in het logboek)').fill('Terug naar betalend lid (e2e)');
    await end.getByRole('button', { name: 'Nu beëindigen' }).click();
    await end.getByRole('button', { name: 'Ja, doorgaan' }).click();
    await expect(page.getByText('Het gratis lidmaatschap is beëindigd.')).toBeVisible();
    await expect(page.getByTestId('comp-section')).toContainText('Geen gratis lidmaatschap.');

    // Joris takes his cancellation back: renewing again, as the demo data had him.
    await joris.reload();
    await joris.getByRole('button', { name: 'Opzegging intrekken' }).click();
    await expect(joris.getByTestId('membership-status')).toHaveText('Actief');
  } finally {
    // After a failure halfway: joris as he was (each step refuses harmlessly when already done).
    await tryCall('admin@kring.local', 'community', 'endCompMembershipAdmin', {
      uid,
      reason: 'Opruimen (e2e)',
    });
    await tryCall('joris@kring.local', 'subscription', 'resumeSubscription', {});
  }
});
