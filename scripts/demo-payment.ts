/**
 * The payment journey end to end against a RUNNING `npm run dev` stack, as a browser would do it:
 * sign up (Auth emulator), start the first payment through Hosting, press "Betaald" on the Mollie
 * sandbox's checkout page, wait until the membership is active, refresh the ID token and show its
 * role claim (must be 1).
 *
 *   npx tsx scripts/demo-payment.ts
 *
 * Overrides: KRING_BASE_URL (http://127.0.0.1:5000), AUTH_EMULATOR_HOST (127.0.0.1:9099),
 * MOLLIE_CONTROL_URL (http://127.0.0.1:8445/_sandbox/, for diagnostics only).
 */
import { randomUUID } from 'node:crypto';
import { demoAddress } from './lib/demo-address.ts';

const base = process.env.KRING_BASE_URL ?? 'http://127.0.0.1:5000';
const authHost = process.env.AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const controlUrl = process.env.MOLLIE_CONTROL_URL ?? 'http://127.0.0.1:8445/_sandbox/';
const step = (line: string) => console.log(`▸ ${line}`);

async function json<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** The Auth emulator's REST API (any API key works there). */
async function auth<T>(path: string, body: object): Promise<T> {
  const url = `http://${authHost}/${path}${path.includes('?') ? '&' : '?'}key=demo-api-key`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return json<T>(response, `Auth emulator ${path}`);
}

/** A Kring API call through the Hosting rewrite, with the Bearer token as the web app sends it. */
async function api<T>(name: string, body: object, token: string): Promise<T> {
  const response = await fetch(`${base}/web/subscription/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return json<T>(response, name);
}

const claims = (idToken: string) =>
  JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { role?: number };

async function main() {
  const email = `demo-${randomUUID().slice(0, 8)}@kring.test`;
  const password = 'demo-wachtwoord-1';
  step(`sign up ${email}`);
  const account = await auth<{ idToken: string; refreshToken: string; localId: string }>(
    'identitytoolkit.googleapis.com/v1/accounts:signUp',
    { email, password, returnSecureToken: true },
  );
  console.log(
    `  uid ${account.localId}, role claim before paying: ${claims(account.idToken).role ?? 'none'}`,
  );

  step('createSubscriptionInitialPayment');
  const membership = {
    firstName: 'Demo',
    lastName: 'Betaler',
    birthdate: '1990-05-17',
    phoneNumber: '06 12345678',
    ...demoAddress,
  };
  const payment = await api<{ checkoutUrl: string; paymentId: string }>(
    'createSubscriptionInitialPayment',
    { membership },
    account.idToken,
  );
  console.log(`  payment ${payment.paymentId}\n  checkout ${payment.checkoutUrl}`);

  step('pay on the checkout page ("Betaald")');
  const page = await fetch(payment.checkoutUrl);
  if (!page.ok || !(await page.text()).includes('Betaald')) {
    throw new Error(`checkout page ${payment.checkoutUrl} did not offer "Betaald" (HTTP ${page.status})`);
  }
  // The page's form posts status=paid; the sandbox delivers the webhook, then redirects (303).
  const paid = await fetch(payment.checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ status: 'paid' }).toString(),
    redirect: 'manual',
  });
  console.log(`  checkout answered ${paid.status} -> ${paid.headers.get('location') ?? '(no redirect)'}`);
  if (paid.status !== 303) throw new Error(`checkout POST answered ${paid.status}: ${await paid.text()}`);

  step('poll getSubscriptionStatus until active');
  const deadline = Date.now() + 30_000;
  let status: { status: string | null; expiresAt: string | null } = { status: null, expiresAt: null };
  while (Date.now() < deadline) {
    // As the payment page does: the initial-payment poll also asks Mollie if a webhook went missing.
    const initial = await api<{ status: string | null }>(
      'getSubscriptionInitialPaymentStatus',
      {},
      account.idToken,
    );
    status = await api('getSubscriptionStatus', {}, account.idToken);
    console.log(`  payment ${initial.status}, membership ${status.status}`);
    if (status.status === 'active') break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  if (status.status !== 'active') {
    const webhooks = await fetch(`${controlUrl}webhooks?paymentId=${payment.paymentId}`)
      .then((r) => r.text())
      .catch((e: unknown) => `(controls unreachable: ${String(e)})`);
    throw new Error(`membership not active after 30 s; sandbox webhook attempts: ${webhooks}`);
  }
  console.log(`  active until ${status.expiresAt}`);

  step('refresh the ID token (as the web app does after paying)');
  const refreshed = await auth<{ id_token: string }>('securetoken.googleapis.com/v1/token', {
    grant_type: 'refresh_token',
    refresh_token: account.refreshToken,
  });
  const role = claims(refreshed.id_token).role;
  console.log(`\nrole claim after paying: ${role ?? 'none'}`);
  if (role !== 1) throw new Error('expected role claim 1 (Member)');
  console.log('✓ payment journey works');
}

main().catch((error: unknown) => {
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
