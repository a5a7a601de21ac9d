import { createHash } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { hosting, password, shoot, unique } from './support.ts';

// Issue 15: the Hosting headers (through the Hosting emulator, which reads firebase.json), the CSP
// the whole app runs under, the verification mail at registration, and GDPR self-service in the UI.

test.describe.configure({ mode: 'serial' });

const email = `privacy-${unique()}@kring.local`;

/** Every CSP violation Chromium reports in the console, for any page of the journey. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function fillPersonalDetails(page: Page) {
  await page.getByLabel('Voornaam').fill('Pim');
  await page.getByLabel('Achternaam').fill('Privé');
  await page.getByLabel('Geboortedatum').fill('1985-02-03');
  await page.getByLabel('Telefoonnummer').fill('0612345678');
  await page.getByLabel('Straatnaam').fill('Lange Voorhout');
  await page.getByLabel('Huisnummer').fill('1');
  await page.getByLabel('Postcode').fill('2514 EA');
  await page.getByLabel('Stad').fill('Den Haag');
}

test('the security headers are on every HTML route, deep links included, and source maps are not served', async ({
  request,
}) => {
  for (const [path, status] of [
    ['/', 200],
    ['/community/tijdlijn', 200],
    ['/kennisbank/zo-bepaal-je-een-eerlijk-uurtarief', 200],
    ['/account/lidmaatschap', 200],
    // The server render answers a missing page with a real 404, under the same headers.
    ['/kennisbank/bestaat-niet', 404],
  ] as const) {
    const res = await request.get(`${hosting}${path}`);
    expect(res.status(), path).toBe(status);
    const h = res.headers();
    // HTML comes from the site function: browsers always ask again (a deploy or an edit is never held
    // back by a browser cache); only the CDN keeps a page, and Hosting empties it on every deploy.
    expect(h['cache-control'], path).toMatch(/^no-store$|(^|, )max-age=0(,|$)/);
    expect(h['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(h['content-security-policy'], path).toContain("script-src 'self'");
    const scriptSrc = /script-src ([^;]+)/.exec(h['content-security-policy'] ?? '')?.[1] ?? '';
    expect(scriptSrc, path).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
    expect(h['x-frame-options'], path).toBe('DENY');
    expect(h['strict-transport-security'], path).toMatch(/^max-age=\d{8,}/);
    expect(h['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(h['x-content-type-options'], path).toBe('nosniff');
    expect(h['permissions-policy'], path).toContain('camera=()');
  }
  const home = await request.get(`${hosting}/`);
  const html = await home.text();
  // Inline script only by its hash in the CSP (index.html's one line that marks a possible session
  // before first paint): every other <script> loads a file, or is data the browser does not run (the
  // server render's content snapshot, JSON-LD).
  const homeScriptSrc = /script-src ([^;]+)/.exec(home.headers()['content-security-policy'] ?? '')?.[1] ?? '';
  for (const [, code = ''] of html.matchAll(
    /<script(?![^>]*\b(?:src=|type="application\/(?:json|ld\+json)"))[^>]*>([^<]*)<\/script>/g,
  ))
    expect(homeScriptSrc).toContain(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
  const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const asset = await request.get(`${hosting}${script}`);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(await asset.text()).not.toContain('sourceMappingURL');
  const map = await request.get(`${hosting}${script}.map`);
  expect(await map.text()).not.toContain('"mappings"');
  // The content API keeps its own caching for the CDN.
  const content = await request.get(`${hosting}/web/content/articles?pagination[pageSize]=1`);
  expect(content.headers()['cache-control']).not.toBe('no-cache');
});

test('an asset the Hosting release lacks comes from the site function’s own build; a missing one is a 404', async ({
  request,
}) => {
  // The site function's copy of its build's assets (web/vite.config.ts, functions/src/site/assets.ts):
  // a file only it has stands for HTML rendered by a newer (or older) function than Hosting's release.
  const name = `e2eOnly${unique().replace(/[^A-Za-z0-9]/g, '')}.js`;
  const file = join(import.meta.dirname, '../functions/dist/ssr/client/assets', name);
  writeFileSync(file, 'export const onlyInTheFunction = true;\n');
  try {
    const res = await request.get(`${hosting}/assets/${name}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('javascript');
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('export const onlyInTheFunction = true;\n');
  } finally {
    rmSync(file, { force: true });
  }
  const missing = await request.get(`${hosting}/assets/${name.replace('e2eOnly', 'e2eNowhere')}`);
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-type'] ?? '').not.toContain('text/html');
  expect(await missing.text()).toBe('');
});

// Issue 21: `$'` and `$&` in a path were replacement patterns when the server render filled its
// template, pasting the rest of the template into the head and the attacker's words onto the page.
// (A backtick is percent-encoded by the client, so `$\`` cannot arrive over HTTP.)
test("a crafted link cannot rewrite a page: $' and $& in the path stay text", async ({ request }) => {
  for (const path of ["/x$'LET-OP", '/x$&LET-OP']) {
    const res = await request.get(`${hosting}${path}`);
    expect(res.status(), path).toBe(404);
    const html = await res.text();
    expect(html.split('</head>'), path).toHaveLength(2);
    expect(html.split('<div id="root">'), path).toHaveLength(2);
    const page = html.slice(html.indexOf('<div id="root">'), html.indexOf('id="kring-content"'));
    expect(page, path).toContain('Pagina niet gevonden');
    expect(page, path).not.toContain('LET-OP');
  }
});

test('the site runs under its CSP with no violation on the onboarding journey', async ({ page }) => {
  const violations = watchCsp(page);
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Lid worden' }).click();
  await fillPersonalDetails(page);
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(page).toHaveURL(/\/onboarding\/payment$/);
  await page.getByRole('button', { name: 'Betalen' }).click();
  await expect(page).toHaveURL(/\/checkout\/tr_/);
  await page.getByRole('button', { name: 'Betaald' }).click();
  await expect(page).toHaveURL(/\/onboarding\/profile$/, { timeout: 60_000 });
  await page.getByLabel('Gebruikersnaam').fill(`privacy_${unique()}`);
  await expect(page.getByText('Deze naam is beschikbaar.')).toBeVisible();
  await page.getByRole('button', { name: 'Profiel aanmaken' }).click();
  await expect(page).toHaveURL(/\/community\/tijdlijn$/, { timeout: 60_000 });
  // The realtime header (RTDB websocket) and a post page with the comment tree.
  await expect(page.getByRole('banner').getByRole('button', { name: /^Notificaties/ })).toBeVisible();
  await page.goto('/kennisbank');
  await page.goto('/account/lidmaatschap');
  await expect(page.getByTestId('membership-status')).toHaveText('Actief');
  expect(violations).toEqual([]);
});

test('registration sends an e-mail verification', async ({ request }) => {
  const res = await request.get('http://127.0.0.1:9099/emulator/v1/projects/demo-kring/oobCodes');
  const { oobCodes } = (await res.json()) as { oobCodes: { email: string; requestType: string }[] };
  expect(oobCodes.some((c) => c.email === email && c.requestType === 'VERIFY_EMAIL')).toBe(true);
});

test('a member downloads their data and deletes their account from the membership page', async ({ page }) => {
  const violations = watchCsp(page);
  await page.goto('/auth/signin');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page).toHaveURL(/\/community\/tijdlijn$/, { timeout: 30_000 });
  await page.goto('/account/lidmaatschap');
  await expect(page.getByRole('heading', { name: 'Je gegevens en privacy' })).toBeVisible();
  await shoot(page, 'account-privacy');

  // The server asks for a recent sign-in (here: the first answer only, as after five minutes): the
  // "Log opnieuw in" dialog signs in again with the password and the call is repeated.
  let asked = false;
  await page.route('**/web/privacy/exportMyData', async (route) => {
    if (asked) return route.continue();
    asked = true;
    await route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'UNAUTHENTICATED', reason: 'RECENT_SIGN_IN_REQUIRED' } }),
    });
  });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download mijn gegevens' }).click();
  const reauth = page.getByRole('dialog', { name: 'Log opnieuw in' });
  await expect(reauth).toBeVisible();
  await expect(reauth.getByLabel('Wachtwoord')).toBeFocused();
  await shoot(page, 'account-reauth-dialog');
  await reauth.getByLabel('Wachtwoord').fill('niet-het-wachtwoord');
  await reauth.getByRole('button', { name: 'Inloggen' }).click();
  await expect(reauth.getByText('Dit wachtwoord klopt niet.')).toBeVisible();
  await reauth.getByLabel('Wachtwoord').fill(password);
  await reauth.getByRole('button', { name: 'Inloggen' }).click();
  await expect(reauth).toBeHidden();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^kring-mijn-gegevens-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse((await (await file.createReadStream()).toArray()).join('')) as {
    account: { email: string };
    membership: { first_name: string };
  };
  expect(data.account.email).toBe(email);
  expect(data.membership.first_name).toBe('Pim');
  await expect(page.getByText('Je gegevens zijn gedownload als JSON-bestand.')).toBeVisible();

  await page.getByRole('button', { name: 'Verwijder mijn account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Account verwijderen' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/Verwijderd lid/)).toBeVisible();
  await shoot(page, 'account-delete-dialog');
  // Keyboard: Escape closes, focus returns to the button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Verwijder mijn account' })).toBeFocused();
  await page.getByRole('button', { name: 'Verwijder mijn account' }).click();
  await dialog.getByRole('button', { name: 'Ja, verwijder mijn account' }).click();
  // Signed out and away from the account pages.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Inloggen' })).toBeVisible({
    timeout: 30_000,
  });

  // The account is gone: signing in fails.
  await page.goto('/auth/signin');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/signin/);
  await expect(page.getByRole('alert')).toBeVisible();
  expect(violations).toEqual([]);
});
