import { expect, test } from '@playwright/test';
import { api, idToken, memberPages, shoot, unique } from './support.ts';

// Issue 23, part A: an @mention typed with the suggestion list reaches the bell and the mail, whose
// link lands on the comment; a chat message left unread becomes a mail whose link opens the
// conversation. scripts/e2e.ts shortens the mail period and the chat delay to 2 s.

const maildev = 'http://127.0.0.1:1080';
const PERIOD_MS = Number(process.env.MAIL_NOTIFICATION_PERIOD_SECONDS ?? 2) * 1000;
const CHAT_DELAY_MS = Number(process.env.CHAT_MAIL_DELAY_SECONDS ?? 2) * 1000;

interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
}

async function inbox(address: string): Promise<CaughtMail[]> {
  const mails = (await (await fetch(`${maildev}/api/email`)).json()) as CaughtMail[];
  return mails.filter((m) => m.to.some((t) => t.address === address));
}

const runMailJob = async () =>
  (await api<{ sent: number }>(await idToken('admin@kring.local'), 'handleMailNotifications', { data: {} }))
    .sent;

const linkIn = (mail: CaughtMail, label: string) => {
  const match = new RegExp(`<a href="([^"]+)"[^>]*>${label}</a>`).exec(mail.html);
  expect(match, `a '${label}' link in "${mail.subject}"`).not.toBeNull();
  return match![1]!.replace(/&amp;/g, '&');
};
const onSite = (link: string) => `${new URL(link).pathname}${new URL(link).search}`;

const memberPage = memberPages();

test("joris mentions sanne in a comment → sanne's bell and mail → the link lands on the comment", async ({
  browser,
}) => {
  const sanneToken = await idToken('sanne@kring.local');
  const title = `Wie helpt met de ledenavond? ${unique()}`;
  // Joris' own post: the mention is then sanne's only news (no reply notification beside it).
  const { post } = await api<{ post: { id: number } }>(await idToken('joris@kring.local'), 'createPost', {
    title,
    content: 'We zoeken nog twee mensen.',
    topics: [],
  });
  await api(sanneToken, 'markNotificationsRead', {});

  const joris = await memberPage(browser, 'joris@kring.local');
  await joris.goto(`/community/bericht/${post.id}`);
  const box = joris.getByRole('textbox', { name: 'Schrijf een reactie' });
  await box.click();
  await box.pressSequentially('Ik help mee. Jij ook, @sann');
  const list = joris.getByRole('listbox', { name: 'Leden om te noemen' });
  await expect(list.getByRole('option', { name: '@sanne_de_boer' })).toBeVisible();
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  await shoot(joris, 'mention-suggestions');
  await box.press('Enter');
  await expect(list).toHaveCount(0);
  await expect(box).toHaveValue('Ik help mee. Jij ook, @sanne_de_boer ');
  await box.pressSequentially('?');
  await joris.getByRole('button', { name: 'Plaatsen' }).click();
  const comment = joris.getByRole('article', { name: 'Reactie van joris_visser' }).last();
  const mentionLink = comment.getByRole('link', { name: '@sanne_de_boer' });
  await expect(mentionLink).toBeVisible();
  await expect(mentionLink).toHaveAttribute('href', /\/community\/profiel\/\d+$/);

  // The mail (before sanne opens the bell: a notification read in the app is never mailed).
  await joris.waitForTimeout(PERIOD_MS);
  await runMailJob();
  const mentionMail = async () =>
    (await inbox('sanne@kring.local')).find((m) => m.text.includes(title) && m.subject.includes('genoemd'));
  await expect.poll(async () => Boolean(await mentionMail())).toBe(true);
  const mail = (await mentionMail())!;
  expect(mail.subject).toBe('joris_visser heeft je genoemd in een reactie.');

  // Sanne's bell.
  const sanne = await memberPage(browser, 'sanne@kring.local');
  const bell = sanne.getByRole('banner').getByRole('button', { name: /^Notificaties/ });
  await expect(bell).toHaveAccessibleName('Notificaties, 1 ongelezen');
  await bell.click();
  await expect(sanne.getByRole('banner').getByText('heeft je genoemd in een reactie.').first()).toBeVisible();
  await shoot(sanne, 'mention-bell');

  expect(mail.text).toContain(title);
  await sanne.goto(`${maildev}/api/email/${mail.id}/html`);
  await expect(
    sanne.locator('strong', { hasText: 'joris_visser heeft je genoemd in een reactie.' }),
  ).toBeVisible();
  await shoot(sanne, 'mention-mail');
  const link = linkIn(mail, 'Bekijk op Kring');
  expect(link).toMatch(new RegExp(`/community/bericht/${post.id}\\?showComment=\\d+$`));
  await sanne.goto(onSite(link));
  const highlighted = sanne.locator('[data-highlighted]');
  await expect(highlighted).toBeVisible();
  await expect(highlighted.getByRole('link', { name: '@sanne_de_boer' })).toBeVisible();
  await shoot(sanne, 'mention-mail-link');
});

test('sanne writes to joris who is away → the mail arrives → its link opens the conversation', async ({
  browser,
}) => {
  const joris = await await api<{ profile: { id: number } }>(
    await idToken('joris@kring.local'),
    'getUserAccount',
    {},
  );
  const text = `Hoi Joris, heb je zaterdag tijd? ${unique()}`;
  const before = (await inbox('joris@kring.local')).length;
  const { threadId } = await api<{ threadId: string }>(await idToken('sanne@kring.local'), 'sendMessage', {
    toUserId: joris.profile.id,
    content: text,
  });
  await new Promise((r) => setTimeout(r, Math.max(CHAT_DELAY_MS, PERIOD_MS) + 500));
  await runMailJob();
  await expect.poll(async () => (await inbox('joris@kring.local')).length).toBeGreaterThan(before);
  const mail = (await inbox('joris@kring.local')).find((m) => m.text.includes(text))!;
  expect(mail.subject).toMatch(/^sanne_de_boer stuurde je (een bericht|\d+ berichten) op Kring$/);
  const link = linkIn(mail, 'Lees en beantwoord');
  expect(link).toContain(`/community/tijdlijn?gesprek=${threadId}`);

  // A second run sends nothing new for these messages.
  await runMailJob();
  await new Promise((r) => setTimeout(r, 500));
  expect((await inbox('joris@kring.local')).filter((m) => m.text.includes(text))).toHaveLength(1);

  const page = await memberPage(browser, 'joris@kring.local');
  await page.goto(`${maildev}/api/email/${mail.id}/html`);
  await expect(page.locator('strong', { hasText: text })).toBeVisible();
  await shoot(page, 'chat-mail');
  await page.goto(onSite(link));
  const panel = page.getByTestId('chat-panel');
  await expect(panel.getByText(text)).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Bericht aan sanne_de_boer' })).toBeVisible();
  // The parameter leaves the address, so a reload or a later page does not open it again.
  await expect(page).toHaveURL(/\/community\/tijdlijn$/);
  await shoot(page, 'chat-mail-link');

  // The switch for these mails, on by default, beside the one for mentions.
  await page.goto('/account/meldingen');
  await expect(page.getByRole('checkbox', { name: 'Berichten per e-mail' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Als iemand je noemt' })).toBeChecked();
  await shoot(page, 'mail-preferences');
});
