import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { pdfText } from '../functions/test/pdf-text.ts';
import { hosting, password, signIn, unique } from './support.ts';

// Issue 24 part B's journey: a member's renewal fails in the Mollie sandbox -> the dunning mail in
// maildev -> 'Nu betalen' (the mail's link, the banner) -> the sandbox's checkout -> access continues,
// and the paid period's factuur downloads.
// Screenshots at 375 and 1366 px go to KRING_SHOTS_DIR (default e2e/screenshots).

const maildev = 'http://127.0.0.1:1080';
const sandbox = 'http://127.0.0.1:8445/_sandbox';
const auth = 'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1';
const shots = process.env.KRING_SHOTS_DIR ?? join(import.meta.dirname, 'screenshots');
mkdirSync(shots, { recursive: true });

async function shoot(page: Page, name: string) {
  for (const width of [375, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

const post = async (url: string, body: unknown, token?: string) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  expect(res.status, `${url}: ${JSON.stringify(json)}`).toBe(200);
  return json;
};
const signInToken = async (email: string) =>
  (await post(`${auth}/accounts:signInWithPassword?key=x`, { email, password, returnSecureToken: true }))
    .idToken as string;

/** A new paying member with a verified address and a profile, through the real API and the sandbox. */
async function newMember(email: string) {
  const { localId } = (await post(`${auth}/accounts:signUp?key=x`, { email, password })) as {
    localId: string;
  };
  const { adminAuth } = await import('../functions/src/lib/firebase.ts');
  await adminAuth().updateUser(localId, { emailVerified: true });
  const token = await signInToken(email);
  const details = {
    firstName: 'Anna',
    lastName: 'de Vries',
    birthdate: '1990-05-17',
    phoneNumber: '0612345678',
    streetName: 'Oudegracht',
    houseNumber: '12',
    postalCode: '3511 AB',
    city: 'Utrecht',
    country: 'Nederland',
  };
  const started = await post(
    `${hosting}/web/subscription/createSubscriptionInitialPayment`,
    { membership: details },
    token,
  );
  await post(`${sandbox}/payments/${started.paymentId as string}/status`, { status: 'paid' });
  await post(
    `${hosting}/web/community/createProfile`,
    { name: `anna_${unique()}` },
    await signInToken(email),
  );
  return localId;
}

test("a failed renewal: the mail, 'Nu betalen', the sandbox's checkout, access continues", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `anna-${unique()}@kring.local`;
  const uid = await newMember(email);
  const { getDb } = await import('../functions/src/lib/db.ts');
  const { findMembership } = await import('../functions/src/accounts/memberships.repo.ts');
  const before = (await findMembership(await getDb(), uid))!;
  expect(before.status).toBe('active');

  // The bank returns the renewal's direct debit: not enough money in the account.
  await post(`${sandbox}/subscriptions/${before.mollie_subscription_id}/run-next`, {
    outcome: 'failed',
    bankReasonCode: 'AM04',
  });

  let mail: { id: string; subject: string; html: string } | undefined;
  await expect
    .poll(async () => {
      const all = (await (await fetch(`${maildev}/api/email`)).json()) as {
        id: string;
        subject: string;
        html: string;
        to: { address: string }[];
      }[];
      mail = all.find((m) => m.to.some((t) => t.address === email));
      return mail?.subject;
    })
    .toBe('Je betaling voor Kring is niet gelukt');
  await page.setContent(mail!.html);
  await expect(page.getByText('Er stond niet genoeg saldo op de rekening.', { exact: false })).toBeVisible();
  await shoot(page, 'dunning-mail');
  const link = await page.getByRole('link', { name: 'Nu betalen' }).getAttribute('href');
  expect(link).toBe(`${hosting}/account/lidmaatschap#nu-betalen`);

  await signIn(page, email);
  // The banner on every member page.
  await page.goto('/community/tijdlijn');
  await expect(page.getByRole('heading', { name: 'Je laatste betaling is niet gelukt' })).toBeVisible();
  await shoot(page, 'dunning-banner-timeline');
  await page.goto(link!);
  const banner = page.locator('#nu-betalen');
  await expect(banner).toContainText('Reden: Er stond niet genoeg saldo op de rekening.');
  await expect(banner).toContainText('€ 9,95');
  await shoot(page, 'dunning-banner-membership');

  await banner.getByRole('button', { name: 'Nu betalen' }).click();
  await expect(page).toHaveURL(/\/checkout\/tr_/);
  await shoot(page, 'dunning-checkout');
  await page.getByRole('button', { name: 'Betaald' }).click();
  await page.waitForURL(/\/account\/lidmaatschap/);
  await expect(page.getByTestId('membership-status')).toHaveText('Actief');
  await expect(page.getByRole('heading', { name: 'Je laatste betaling is niet gelukt' })).toHaveCount(0);
  await shoot(page, 'dunning-paid');

  // The paid period's factuur, from the payment history, as a PDF with its number, BTW and total
  // (the history as it is now the webhook has landed).
  await page.reload();
  const payment = page.getByTestId('payment').first();
  await expect(payment).toContainText('€ 9,95');
  const button = payment.getByRole('button', { name: /^Factuur KR-\d{6}$/ });
  const number = (await button.textContent())!.replace('Factuur ', '');
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const text = (await pdfText(readFileSync((await download.path())!))).replace(/\u00a0/g, ' ');
  expect(text).toContain(`Factuurnummer\n${number}`);
  expect(text).toContain('Btw 21%\n€ 1,73');
  expect(text).toContain('Totaal\n€ 9,95');

  const after = (await findMembership(await getDb(), uid))!;
  expect(after).toMatchObject({ status: 'active', grace_until: null });
  expect(after.expires_at!.getTime()).toBeGreaterThan(before.expires_at!.getTime());
  await page.goto('/community/tijdlijn');
  await expect(page.getByRole('heading', { name: 'Je laatste betaling is niet gelukt' })).toHaveCount(0);
});
