import { type BrowserContext, expect, type Page, test } from '@playwright/test';

// Issue 7's sign-in paths besides e-mail + password: Google through the Auth emulator's own popup
// (its fake account chooser), and the password reset from the sign-in page through the emulator's
// out-of-band mail link.

const authEmulator = 'http://127.0.0.1:9099';
const projectId = 'demo-kring';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/**
 * A stand-in for Google's gapi loader (https://apis.google.com/js/api.js), which is unreachable
 * offline. Both the Firebase SDK (popup flow) and the Auth emulator's helper iframe load it only for
 * `gapi.iframes`: a postMessage channel between the app and that iframe. This implements just that
 * channel; the app, the SDK, the emulator's account chooser and its helper iframe stay real.
 */
const gapiStandIn = `(() => {
  const MARK = '__kringGapiStandIn';
  const channels = [];
  const pending = new Map();
  const readyWindows = new Set();
  const readyWaiters = new Map();
  let nextId = 0;

  function Channel(target) {
    this.target = target;
    this.handlers = {};
    this.queued = [];
    channels.push(this);
  }
  Channel.prototype.register = function (type, handler) {
    this.handlers[type] = handler;
    // Messages that arrived before their handler was registered (gapi queues them too).
    const waiting = this.queued.filter((m) => m.type === type);
    this.queued = this.queued.filter((m) => m.type !== type);
    for (const m of waiting) this.answer(m);
  };
  Channel.prototype.answer = function (m) {
    const result = this.handlers[m.type](m.data);
    this.target.postMessage({ [MARK]: 1, kind: 'reply', id: m.id, responses: [result] }, '*');
  };
  Channel.prototype.send = function (type, data, callback) {
    const id = ++nextId;
    if (callback) pending.set(id, callback);
    this.target.postMessage({ [MARK]: 1, kind: 'send', id, type, data }, '*');
  };
  Channel.prototype.restyle = () => Promise.resolve();
  Channel.prototype.ping = function (callback) {
    const target = this.target;
    return new Promise((resolve) => {
      const done = () => {
        callback?.();
        resolve();
      };
      if (readyWindows.has(target)) done();
      else readyWaiters.set(target, done);
    });
  };

  window.addEventListener('message', (event) => {
    const m = event.data;
    if (!m || m[MARK] !== 1) return;
    if (m.kind === 'ready') {
      readyWindows.add(event.source);
      readyWaiters.get(event.source)?.();
      readyWaiters.delete(event.source);
      return;
    }
    if (m.kind === 'reply') {
      const callback = pending.get(m.id);
      pending.delete(m.id);
      // gapi does not surface errors thrown by reply callbacks (the SDK's webStorageSupport callback throws after answering).
      try {
        callback?.(m.responses);
      } catch {}
      return;
    }
    const channel = channels.find((c) => c.target === event.source);
    if (!channel) return;
    if (channel.handlers[m.type]) channel.answer(m);
    else channel.queued.push(m);
  });

  const context = {
    open(options, onOpened) {
      const frame = document.createElement('iframe');
      Object.assign(frame.style, { position: 'absolute', top: '-100px', width: '1px', height: '1px' });
      frame.src = options.url;
      options.where.appendChild(frame);
      return Promise.resolve(onOpened(new Channel(frame.contentWindow)));
    },
    getParentIframe() {
      const channel = new Channel(window.parent);
      window.parent.postMessage({ [MARK]: 1, kind: 'ready' }, '*');
      return channel;
    },
  };
  window.gapi = {
    load(_name, options) {
      setTimeout(() => (typeof options === 'function' ? options() : options.callback()), 0);
    },
    iframes: { Iframe: Channel, CROSS_ORIGIN_IFRAMES_FILTER: () => true, getContext: () => context },
  };
  const onload = new URL(document.currentScript.src).searchParams.get('onload');
  setTimeout(() => {
    if (onload) window[onload]?.();
    window.gapi_onload?.();
  }, 0);
})();`;

// The emulator's chooser page also pulls styles and a script from unpkg and Google Fonts; offline
// they must fail at once rather than hang the page's blocking script.
async function offlineGoogleAssets(context: BrowserContext) {
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: gapiStandIn }),
  );
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (route) =>
    route.abort(),
  );
}

/** Clicks `button`, then in the emulator's popup adds a new Google account and signs in with it. */
async function signInWithNewGoogleAccount(page: Page, button: string, email: string, name: string) {
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('main').getByRole('button', { name: button }).click();
  const popup = await popupPromise;
  await expect(popup).toHaveURL(/127\.0\.0\.1:9099\/emulator\/auth\/handler/);
  await popup.getByText('Add new account').click();
  await popup.locator('#email-input').fill(email);
  await popup.locator('#display-name-input').fill(name);
  // The SDK closes the popup once the emulator's answer reached the app.
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: /Sign in with Google\.com/ }).click();
  await closed;
}

/** Clicks `button`, then picks the existing Google account `email` in the emulator's chooser. */
async function signInWithExistingGoogleAccount(page: Page, button: string, email: string) {
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('main').getByRole('button', { name: button }).click();
  const popup = await popupPromise;
  const closed = popup.waitForEvent('close');
  await popup.getByText(email).click();
  await closed;
}

/** The emulator's stored account for `email` (admin REST with the emulator's owner token). */
async function lookupAccount(email: string) {
  const res = await fetch(
    `${authEmulator}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:lookup`,
    {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({ email: [email] }),
    },
  );
  expect(res.ok).toBe(true);
  const body = (await res.json()) as {
    users?: { localId: string; providerUserInfo?: { providerId: string }[] }[];
  };
  return body.users?.[0];
}

async function signOut(page: Page) {
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Accountmenu' }).click();
  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(header.getByRole('link', { name: 'Inloggen' })).toBeVisible();
}

test.beforeEach(async ({ context }) => {
  await offlineGoogleAssets(context);
});

test('Google sign-in on /auth/signin: a new Google user without membership goes to the personal details', async ({
  page,
  browser,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const email = `google-${unique()}@kring.local`;

  await page.goto('/auth/signin');
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  const google = page.getByRole('main').getByRole('button', { name: 'Inloggen met Google' });

  // Closing Google's window is no error: no message, and the buttons work again.
  const popupPromise = page.waitForEvent('popup');
  await google.click();
  await expect(google).toBeDisabled();
  await (await popupPromise).close();
  await expect(google).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await signInWithNewGoogleAccount(page, 'Inloggen met Google', email, 'Gert Google');

  // Signed in without membership or completed details: the exception state's route (spec 4).
  await expect(page).toHaveURL(/\/onboarding\/personal-details$/);
  await expect(page.getByLabel('Voornaam')).toBeVisible();

  // On the public site the header offers to complete the profile instead of 'Inloggen', and leads back.
  await page.goto('/');
  const header = page.getByRole('banner');
  const complete = header.getByRole('link', { name: 'Maak je profiel compleet' });
  await expect(complete).toBeVisible();
  await expect(header.getByRole('link', { name: 'Inloggen' })).toBeHidden();
  await complete.click();
  await expect(page).toHaveURL(/\/onboarding\/personal-details$/);

  // The emulator holds one account for that address, linked to Google.
  const account = await lookupAccount(email);
  expect(account?.providerUserInfo?.map((p) => p.providerId)).toEqual(['google.com']);

  // A signed-in user cannot open the sign-in page: it sends them back to their state's route.
  await page.goto('/auth/signin');
  await expect(page).toHaveURL(/\/onboarding\/personal-details$/);

  // Another browser (nobody signed in) chooses the same Google account: the same user returns.
  const other = await browser.newContext();
  await offlineGoogleAssets(other);
  const otherPage = await other.newPage();
  await otherPage.goto('/auth/signin');
  await expect(otherPage.getByRole('banner').getByRole('link', { name: 'Inloggen' })).toBeVisible();
  await signInWithExistingGoogleAccount(otherPage, 'Inloggen met Google', email);
  await expect(otherPage).toHaveURL(/\/onboarding\/personal-details$/);
  expect((await lookupAccount(email))?.localId).toBe(account?.localId);
  await other.close();

  expect(errors).toEqual([]);
});

test('Google on the register step: after the personal details the new account goes on to payment', async ({
  page,
}) => {
  await page.goto('/onboarding/personal-details');
  await page.getByLabel('Voornaam').fill('Gea');
  await page.getByLabel('Achternaam').fill('Goossens');
  await page.getByLabel('Geboortedatum').fill('1988-03-02');
  await page.getByLabel('Telefoonnummer').fill('0687654321');
  await page.getByLabel('Straatnaam').fill('Lange Nieuwstraat');
  await page.getByLabel('Huisnummer').fill('7');
  await page.getByLabel('Postcode').fill('3512 PA');
  await page.getByLabel('Stad').fill('Utrecht');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page).toHaveURL(/\/onboarding\/register$/);

  await signInWithNewGoogleAccount(
    page,
    'Registreren met Google',
    `google-register-${unique()}@kring.local`,
    'Gea Goossens',
  );

  // Signed in with completed details: the payment step with the price (spec 4 AccountComplete).
  await expect(page).toHaveURL(/\/onboarding\/payment$/);
  await expect(page.getByTestId('plan-choice')).toContainText('€');
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Maak je profiel compleet' }).click();
  await expect(page).toHaveURL(/\/onboarding\/payment$/);
});

test('password reset from the sign-in page: mail link, then sign-in with the new password', async ({
  page,
}) => {
  // Sanne is a member with a profile, so the new password leads to the timeline. Her password is
  // put back afterwards whatever happens: the other journeys sign in with it.
  const email = 'sanne@kring.local';
  const newPassword = `nieuw-${unique()}`;
  const sanne = await lookupAccount(email);
  expect(sanne).toBeDefined();
  try {
    await page.goto('/auth/signin');
    await page.getByRole('button', { name: 'Wachtwoord vergeten?' }).click();
    await expect(page.getByRole('heading', { name: 'Wachtwoord opnieuw instellen' })).toBeVisible();

    // Without an address: the catalogue's message, no request.
    await page.getByRole('button', { name: 'Stuur de link' }).click();
    await expect(page.getByText('Vul een emailadres in')).toBeVisible();

    await page.getByLabel('E-mailadres').fill(email);
    const request = page.waitForRequest(/accounts:sendOobCode/);
    await page.getByRole('button', { name: 'Stuur de link' }).click();
    // The mail is asked for in Dutch (the emulator itself always writes lang=en into its links).
    expect((await request).headers()['x-firebase-locale']).toBe('nl');
    await expect(
      page.getByText(`Als ${email} bij ons bekend is, staat er nu een e-mail met een link in je inbox.`),
    ).toBeVisible();
    await expect(page.getByText('Vul een emailadres in')).toBeHidden();

    // The mail the emulator "sent": its out-of-band codes, newest last.
    const res = await fetch(`${authEmulator}/emulator/v1/projects/${projectId}/oobCodes`);
    const { oobCodes } = (await res.json()) as {
      oobCodes: { email: string; requestType: string; oobLink: string }[];
    };
    const mail = oobCodes.filter((c) => c.email === email && c.requestType === 'PASSWORD_RESET').at(-1);
    expect(mail, `a PASSWORD_RESET code for ${email}`).toBeDefined();

    // Following the link is what the user does; the emulator's handler takes the new password.
    const linkPage = await page.context().newPage();
    await linkPage.goto(`${mail?.oobLink}&newPassword=${encodeURIComponent(newPassword)}`);
    await expect(linkPage.getByText('The password has been successfully updated.')).toBeVisible();
    await linkPage.close();

    // The old password no longer works; the Dutch catalogue says so.
    await page.getByRole('button', { name: 'Terug naar inloggen' }).click();
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByLabel('Wachtwoord', { exact: true }).fill('kringdemo1');
    await page.getByRole('main').getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect(page.getByText('Dit wachtwoord is ongeldig')).toBeVisible();

    // The new one does: a member with a profile lands on the timeline.
    await page.getByLabel('Wachtwoord', { exact: true }).fill(newPassword);
    await page.getByRole('main').getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect(page).toHaveURL(/\/community\/tijdlijn$/);
    await expect(page.getByRole('banner').getByRole('button', { name: /^Notificaties/ })).toBeVisible();
    await signOut(page);
  } finally {
    const restore = await fetch(
      `${authEmulator}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`,
      {
        method: 'POST',
        headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
        body: JSON.stringify({ localId: sanne?.localId, password: 'kringdemo1' }),
      },
    );
    expect(restore.ok).toBe(true);
  }
});
