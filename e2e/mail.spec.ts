import { expect, test } from '@playwright/test';
import { api, idToken, shoot, signIn, unique } from './support.ts';

// Issue 13's journeys: a reply becomes a mail in maildev with a link to the comment; the mail's
// 'Afmelden' link stops the next one (and its undo starts them again); the preferences page; the
// weekly digest fanned out through the Tasks emulator. scripts/e2e.ts shortens the notification-mail
// period to 2 s (MAIL_NOTIFICATION_PERIOD_SECONDS), so "the next reply" falls in a new period.

const maildev = 'http://127.0.0.1:1080';
const PERIOD_MS = Number(process.env.MAIL_NOTIFICATION_PERIOD_SECONDS ?? 2) * 1000;

interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
}

/** maildev's REST API: every mail it caught, oldest first. */
async function inbox(address: string): Promise<CaughtMail[]> {
  const res = await fetch(`${maildev}/api/email`);
  const mails = (await res.json()) as CaughtMail[];
  return mails.filter((m) => m.to.some((t) => t.address === address));
}

async function runNotificationMails(): Promise<number> {
  const answer = await api<{ sent: number }>(await idToken('admin@kring.local'), 'handleMailNotifications', {
    data: {},
  });
  return answer.sent;
}

/** The first link in a mail's HTML whose text is `label`. */
const linkIn = (mail: CaughtMail, label: string) => {
  const match = new RegExp(`<a href="([^"]+)"[^>]*>${label}</a>`).exec(mail.html);
  expect(match, `a '${label}' link in "${mail.subject}"`).not.toBeNull();
  return match![1]!.replace(/&amp;/g, '&');
};

test("joris replies → sanne's mail links to the comment; 'Afmelden' stops the next one, the undo restarts them", async ({
  page,
  browser,
}) => {
  const sanne = await idToken('sanne@kring.local');
  const joris = await idToken('joris@kring.local');
  const title = `Wie gaat er mee naar de ledenavond? ${unique()}`;
  const { post } = await api<{ post: { id: number } }>(sanne, 'createPost', {
    title,
    content: 'Ik rij vanuit Den Haag.',
    topics: [],
  });
  const reply = (content: string) =>
    api<{ comment: { id: number } }>(joris, 'createComment', { postId: post.id, parentId: null, content });

  const before = (await inbox('sanne@kring.local')).length;
  const { comment } = await reply('Ik ga mee, als er plek is!');
  await page.waitForTimeout(PERIOD_MS); // a period of its own, whatever other journeys mailed sanne
  expect(await runNotificationMails()).toBeGreaterThanOrEqual(1);

  await expect.poll(async () => (await inbox('sanne@kring.local')).length).toBe(before + 1);
  const mail = (await inbox('sanne@kring.local')).at(-1)!;
  expect(mail.text).toContain('joris_visser heeft gereageerd op je bericht.');
  expect(mail.text).toContain(title);
  // maildev's JSON keeps few headers; the raw message has RFC 8058's two.
  const source = await (await fetch(`${maildev}/api/email/${mail.id}/source`)).text();
  expect(source).toMatch(
    /^List-Unsubscribe:\s*<http:\/\/[^>]+\/web\/community\/unsubscribeMail\?token=[^>]+>/m,
  );
  expect(source).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  const commentLink = linkIn(mail, 'Bekijk op Kring');
  expect(commentLink).toContain(`/community/bericht/${post.id}?showComment=${comment.id}`);

  // The link opens the post with the reply marked.
  await signIn(page, 'sanne@kring.local');
  // The mail's links are absolute (PUBLIC_BASE_URL, the Hosting emulator); open them on the site under test.
  const onSite = (link: string) => `${new URL(link).pathname}${new URL(link).search}`;
  expect(new URL(commentLink).origin).toBe('http://127.0.0.1:5000');
  await page.goto(onSite(commentLink));
  const target = page.locator('[data-highlighted]');
  await expect(target).toContainText('Ik ga mee, als er plek is!');
  await expect(target).toBeFocused();

  // 'Afmelden' in the mail, in a browser where nobody is signed in.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(onSite(linkIn(mail, 'Afmelden')));
  await expect(visitor.getByRole('heading', { level: 1, name: 'Afmelden' })).toBeVisible();
  await expect(
    visitor.getByText(
      'Je bent afgemeld. Je krijgt geen mails meer over reacties op je berichten en reacties.',
    ),
  ).toBeVisible();
  await shoot(visitor, 'mail-unsubscribed');

  // The next reply, in a new period: nothing for sanne.
  await page.waitForTimeout(PERIOD_MS);
  await reply('Ik kan ook rijden.');
  await runNotificationMails();
  await page.waitForTimeout(1500);
  expect((await inbox('sanne@kring.local')).length).toBe(before + 1);

  // Undo on the same page: the reply after that is mailed again.
  await visitor.getByRole('button', { name: 'Toch weer ontvangen' }).click();
  await expect(
    visitor.getByText('Je krijgt weer mails over reacties op je berichten en reacties.'),
  ).toBeVisible();
  await page.waitForTimeout(PERIOD_MS);
  await reply('Dan zie ik jullie daar.');
  await runNotificationMails();
  await expect.poll(async () => (await inbox('sanne@kring.local')).length).toBe(before + 2);
  expect((await inbox('sanne@kring.local')).at(-1)!.text).toContain('joris_visser');
});

test('a forged unsubscribe link changes nothing and says so in Dutch', async ({ page }) => {
  await page.goto('/afmelden?token=3.replies.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByText('Deze afmeldlink is ongeldig.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Toch weer ontvangen' })).toHaveCount(0);
});

test('a member sets their mail preferences from the account menu', async ({ page }) => {
  await signIn(page, 'joris@kring.local');
  await page.getByRole('button', { name: 'Accountmenu' }).click();
  await page.getByRole('link', { name: 'Meldingen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Meldingen per mail' })).toBeVisible();
  const upvotes = page.getByRole('checkbox', { name: 'Stemmen op mijn berichten en reacties' });
  await expect(upvotes).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Het weekoverzicht' })).toBeChecked();
  await upvotes.check();
  await expect(page.getByRole('status').getByText('Je keuze is opgeslagen.')).toBeVisible();
  await shoot(page, 'mail-preferences');

  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Stemmen op mijn berichten en reacties' })).toBeChecked();
  // Back as it was, for the other journeys.
  await page.getByRole('checkbox', { name: 'Stemmen op mijn berichten en reacties' }).uncheck();
  await expect(page.getByRole('status').getByText('Je keuze is opgeslagen.')).toBeVisible();
});

test("the weekly digest goes out through the task queue, once per week, with the week's posts", async () => {
  const admin = await idToken('admin@kring.local');
  const plan = await api<{ members: number; batches: number }>(admin, 'handleWeeklyMail', { data: {} });
  expect(plan.members).toBeGreaterThanOrEqual(4);
  expect(plan.batches).toBe(1);
  const digests = async () =>
    (await inbox('sanne@kring.local')).filter((m) => m.subject.startsWith('Deze week op Kring'));
  // A fresh stack has sent none this week; the Tasks emulator dispatches the batch to digestBatchTask.
  await expect.poll(async () => (await digests()).length, { timeout: 30_000 }).toBe(1);
  const digest = (await digests())[0]!;
  expect(digest.text).toContain('Populair deze week');
  expect(digest.text).toContain('Hallo sanne_de_boer,');

  // A second run in the same week sends nobody a second digest.
  await api(admin, 'handleWeeklyMail', { data: {} });
  await new Promise((r) => setTimeout(r, 5_000));
  expect(await digests()).toHaveLength(1);
});
