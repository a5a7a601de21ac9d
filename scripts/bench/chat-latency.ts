import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../lib/chromium.ts';

/**
 * Chat latency on the running local stack (`npm run dev`): from sanne pressing Enter in the chat's
 * reply field to joris' chat button announcing the new unread count, in two browser contexts of
 * Debian's Chromium. Per message it records three instants, all on the machine's clock
 * (performance.timeOrigin + a page's high-resolution time):
 *   sent      the Enter keydown in sanne's page (the event's own timestamp)
 *   answered  the end of her sendMessage response (Resource Timing)
 *   badge     joris' chat button's aria-label changing to the new count (a MutationObserver, so the
 *             DOM is updated; painting follows in the next frame)
 * and prints p50 / p95 (nearest rank), mean, min and max of sent→badge, sent→answered and
 * answered→badge. A few warm-up messages go first and are not counted.
 *
 *   npx tsx scripts/bench/chat-latency.ts [--n 50] [--warmup 3] [--base http://127.0.0.1:5173]
 *
 * --base is the web app to drive: Vite on 5173 by default (what `npm run dev` serves with hot reload),
 * or Hosting on 5000 (serves the build `npm run dev` made at its start). Either way the API calls go
 * through Hosting's /web rewrite to the functions emulator, and the counters through tools/rtdb.
 * The run sends n + warmup real messages from sanne to joris (rate limit: 120 a minute per sender)
 * and marks joris' side of the thread read before and after, so the demo data stays tidy.
 */

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '3' },
    base: { type: 'string', default: 'http://127.0.0.1:5173' },
    chromium: { type: 'string', default: chromiumPath },
  },
});
const n = Number(args.n);
const warmup = Number(args.warmup);
const base = args.base.replace(/\/$/, '');
const password = 'kringdemo1';
const authEmulator = 'http://127.0.0.1:9099';

// --- API calls as a demo member (setup and cleanup only) ---

async function idToken(email: string): Promise<string> {
  const res = await fetch(
    `${authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status}; is \`npm run dev\` running?`);
  return ((await res.json()) as { idToken: string }).idToken;
}

async function api<T>(token: string, name: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}/web/community/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${name}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const profileIdOf = async (token: string) =>
  (await api<{ profile: { id: number; name: string } }>(token, 'getUserAccount', {})).profile;

// --- In-page instruments (plain scripts: the node-side tsconfig has no DOM types) ---

/** Every change of a chat button's label in joris' page, with its time. */
const watchBadge = `
  window.__badge = [];
  new MutationObserver((records) => {
    const at = performance.timeOrigin + performance.now();
    for (const r of records) {
      const label = r.target.getAttribute && r.target.getAttribute('aria-label');
      if (label && label.startsWith('Berichten,')) window.__badge.push({ label, at });
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-label'] });
`;

/** Every Enter that sends in sanne's page, with the keydown event's own time. */
const watchSends = `
  window.__sent = [];
  performance.setResourceTimingBufferSize(10000);
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey && e.target && e.target.tagName === 'TEXTAREA')
      window.__sent.push(performance.timeOrigin + e.timeStamp);
  }, true);
`;

/** The response ends of sanne's sendMessage calls, in order. */
const answeredTimes = `performance.getEntriesByType('resource')
  .filter((e) => e.name.endsWith('/web/community/sendMessage'))
  .map((e) => performance.timeOrigin + e.responseEnd)`;

async function signIn(context: BrowserContext, email: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${base}/auth/signin`);
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Inloggen', exact: true }).click();
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Berichten,/ })
    .waitFor({ timeout: 60_000 });
  return page;
}

const chatButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Berichten,/ });
const countOf = (label: string | null) => Number(/Berichten, (\d+) ongelezen/.exec(label ?? '')?.[1] ?? 0);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;

function summary(name: string, values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return `${name.padEnd(18)} p50 ${quantile(sorted, 0.5).toFixed(0).padStart(5)} ms   p95 ${quantile(
    sorted,
    0.95,
  )
    .toFixed(0)
    .padStart(5)} ms   mean ${mean.toFixed(0).padStart(5)} ms   min ${sorted[0]?.toFixed(0)} ms   max ${sorted
    .at(-1)
    ?.toFixed(0)} ms`;
}

async function main() {
  const [sanneToken, jorisToken] = await Promise.all([
    idToken('sanne@kring.local'),
    idToken('joris@kring.local'),
  ]);
  const [sanne, joris] = await Promise.all([profileIdOf(sanneToken), profileIdOf(jorisToken)]);
  const threadId = [sanne.id, joris.id].sort((a, b) => a - b).join('x');
  await api(jorisToken, 'markThreadRead', { threadId });

  console.log(
    `machine: ${cpus().length} cores (${cpus()[0]?.model}), Node ${process.version}, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; web app ${base}; ${n} messages after ${warmup} warm-up`,
  );

  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: args.chromium,
      args: chromiumFlags,
    });
    const options = { locale: 'nl-NL', viewport: { width: 1366, height: 900 } };
    const [sanneContext, jorisContext] = await Promise.all([
      browser.newContext(options),
      browser.newContext(options),
    ]);
    await jorisContext.addInitScript({ content: watchBadge });
    await sanneContext.addInitScript({ content: watchSends });
    const [sannePage, jorisPage] = await Promise.all([
      signIn(sanneContext, 'sanne@kring.local'),
      signIn(jorisContext, 'joris@kring.local'),
    ]);

    // Joris' count settles on his unread total (the thread was just marked read).
    await jorisPage.waitForTimeout(1000);
    const startCount = countOf(await chatButton(jorisPage).getAttribute('aria-label'));

    // Sanne opens the conversation with joris.
    await chatButton(sannePage).click();
    await sannePage.getByRole('button', { name: new RegExp(`^Gesprek met ${joris.name} openen`) }).click();
    const field = sannePage.getByRole('textbox', { name: `Bericht aan ${joris.name}` });
    await field.waitFor();

    const total = warmup + n;
    const rows: { sent: number; answered: number; badge: number }[] = [];
    for (let i = 0; i < total; i++) {
      const expected = `Berichten, ${startCount + i + 1} ongelezen`;
      await field.fill(`Latentiemeting ${i + 1} van ${total}, ${new Date().toISOString()}`);
      await field.press('Enter');
      const badge = (await (
        await jorisPage.waitForFunction(
          (label) => {
            const w = globalThis as unknown as { __badge: { label: string; at: number }[] };
            return w.__badge.find((e) => e.label === label)?.at;
          },
          expected,
          { timeout: 15_000 },
        )
      ).jsonValue()) as number;
      // The send has finished on sanne's side (field emptied) before the next one starts.
      await sannePage.waitForFunction(() => {
        const d = (
          globalThis as unknown as { document: { querySelector(s: string): { value: string } | null } }
        ).document;
        return d.querySelector('textarea')?.value === '';
      });
      const alert = await sannePage.getByRole('alert').filter({ hasText: /\S/ }).allTextContents();
      if (alert.length) throw new Error(`sending failed in the page: ${alert.join(' ')}`);
      const sent = ((await sannePage.evaluate('window.__sent')) as number[])[i];
      const answered = ((await sannePage.evaluate(answeredTimes)) as number[])[i];
      if (sent === undefined || answered === undefined) throw new Error(`message ${i + 1}: no send recorded`);
      if (i >= warmup) rows.push({ sent, answered, badge });
    }

    console.log(
      summary(
        'sent → badge',
        rows.map((r) => r.badge - r.sent),
      ),
    );
    console.log(
      summary(
        'sent → answered',
        rows.map((r) => r.answered - r.sent),
      ),
    );
    console.log(
      summary(
        'answered → badge',
        rows.map((r) => r.badge - r.answered),
      ),
    );
    console.log(
      `load at the end ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await browser?.close();
    await api(jorisToken, 'markThreadRead', { threadId });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
