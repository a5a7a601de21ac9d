import { expect, type Page, test } from '@playwright/test';
import { api, idToken, memberPages, shoot, signIn, unique } from './support.ts';

// Issue 12's journey with two members side by side: a conversation started from a profile, the
// recipient's count within a second, paging, a failed send, notifications that clear in every tab,
// the members list and the membership details.

interface Account {
  profile: { id: number; name: string };
}

const memberPage = memberPages();

const chatButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Berichten,/ });
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notificaties/ });

/** The first message ever sent between two members, paged through the API (20 a page). */
async function oldestMessage(token: string, profileIds: number[]): Promise<string> {
  const threadId = [...profileIds].sort((a, b) => a - b).join('x');
  let cursor: number | null = null;
  let oldest = '';
  do {
    const page: { messages: { content: string }[]; nextCursor: number | null } = await api(
      token,
      'listThreadMessages',
      { threadId, cursor },
    );
    oldest = page.messages.at(-1)?.content ?? oldest;
    cursor = page.nextCursor;
  } while (cursor !== null);
  return oldest;
}

/** Reads every thread of the member, so their chat count starts at 0. */
async function readAllThreads(token: string) {
  const { threads } = await api<{ threads: { threadId: string }[] }>(token, 'listThreads', {});
  for (const { threadId } of threads) await api(token, 'markThreadRead', { threadId });
}

test('two members chat: a new conversation, the count within a second, paging and a failed send', async ({
  browser,
}) => {
  const sanneToken = await idToken('sanne@kring.local');
  const jorisToken = await idToken('joris@kring.local');
  const joris = await api<Account>(jorisToken, 'getUserAccount', {});
  const sanneAccount = await api<Account>(sanneToken, 'getUserAccount', {});
  await readAllThreads(jorisToken);

  const sannePage = await memberPage(browser, 'sanne@kring.local');
  const jorisPage = await memberPage(browser, 'joris@kring.local');
  await expect(chatButton(jorisPage)).toHaveAccessibleName('Berichten, geen ongelezen');

  // 1. From joris' profile, two lines (Shift+Enter), sent with Enter.
  await sannePage.goto(`/community/profiel/${joris.profile.id}`);
  await sannePage.getByRole('button', { name: /^Stuur een bericht/ }).click();
  const reply = sannePage.getByRole('textbox', { name: `Bericht aan ${joris.profile.name}` });
  await reply.fill('');
  await reply.pressSequentially('Hoi Joris,');
  await reply.press('Shift+Enter');
  await reply.pressSequentially(`tot morgen! ${unique()}`);
  await expect(reply).toHaveValue(/^Hoi Joris,\ntot morgen!/);
  await reply.press('Enter');
  const sent = Date.now();

  // 2. Joris' count rises within a second, without a reload; reading the thread takes it to 0.
  await expect(chatButton(jorisPage)).toHaveAccessibleName('Berichten, 1 ongelezen', { timeout: 1_000 });
  console.log(`joris' chat count rose ${Date.now() - sent} ms after sanne pressed Enter`);
  await expect(reply).toHaveValue('');
  await shoot(sannePage, 'chat-thread');
  await chatButton(jorisPage).click();
  await jorisPage
    .getByRole('button', { name: `Gesprek met ${sanneAccount.profile.name} openen, 1 ongelezen` })
    .click();
  const log = jorisPage.getByRole('log', { name: `Berichten met ${sanneAccount.profile.name}` });
  const message = log.getByText(/^Hoi Joris,/).last();
  await expect(message).toBeVisible();
  expect(await message.innerText()).toMatch(/^Hoi Joris,\ntot morgen!/);
  await expect(chatButton(jorisPage)).toHaveAccessibleName('Berichten, geen ongelezen');

  // 3. After 25 more messages, older ones load on request until there are no more.
  for (let i = 1; i <= 25; i++) {
    await api(sanneToken, 'sendMessage', { toUserId: joris.profile.id, content: `Bericht ${i} van 25` });
  }
  await expect(log.getByText('Bericht 25 van 25')).toBeVisible();
  for (let i = 0; i < 20 && !(await log.getByText('Geen berichten meer').isVisible()); i++) {
    const more = log.getByRole('button', { name: 'Laad meer berichten' });
    if (await more.isVisible()) await more.click();
    await jorisPage.waitForTimeout(300);
  }
  await expect(log.getByText('Geen berichten meer')).toBeVisible();
  await expect(log.getByRole('button', { name: 'Laad meer berichten' })).toHaveCount(0);
  // The very first message of the conversation is loaded now, at the top of the list.
  const oldest = await oldestMessage(jorisToken, [joris.profile.id, sanneAccount.profile.id]);
  await log.evaluate((el) => {
    el.scrollTop = 0;
  });
  await expect(log.getByText(oldest, { exact: true })).toBeVisible();
  await shoot(jorisPage, 'chat-paging');

  // 4. The API cannot be reached for a moment: the spec's failure text, the typed text stays; a 503
  // (the service briefly unavailable) gets its own Dutch text, also keeping the text.
  const jorisReply = jorisPage.getByRole('textbox', { name: `Bericht aan ${sanneAccount.profile.name}` });
  await jorisReply.fill('Dit bericht komt even niet aan.');
  await jorisPage.route('**/web/community/sendMessage', (route) => route.abort('connectionrefused'));
  await jorisReply.press('Enter');
  await expect(jorisPage.getByRole('alert').getByText('Er is een onbekende fout opgetreden.')).toBeVisible();
  await expect(jorisReply).toHaveValue('Dit bericht komt even niet aan.');
  await shoot(jorisPage, 'chat-send-failed');
  await jorisPage.unroute('**/web/community/sendMessage');
  await jorisPage.route('**/web/community/sendMessage', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"UNAVAILABLE"}}' }),
  );
  await jorisReply.press('Enter');
  await expect(
    jorisPage.getByRole('alert').getByText('Deze dienst is even niet bereikbaar. Probeer het zo nog eens.'),
  ).toBeVisible();
  await expect(jorisReply).toHaveValue('Dit bericht komt even niet aan.');
  await jorisPage.unroute('**/web/community/sendMessage');
  await jorisReply.press('Enter');
  await expect(log.getByText('Dit bericht komt even niet aan.')).toBeVisible();
  await expect(jorisReply).toHaveValue('');
});

test('an upvote shows on the bell; opening the popover clears it in every tab', async ({ browser }) => {
  const sanneToken = await idToken('sanne@kring.local');
  const { post } = await api<{ post: { id: number } }>(sanneToken, 'createPost', {
    title: `Doe je mee met de ledenpeiling? ${unique()}`,
    content: 'Graag jullie mening.',
  });
  await api(sanneToken, 'markNotificationsRead', {});
  const first = await memberPage(browser, 'sanne@kring.local');
  const second = await first.context().newPage();
  await second.goto('/community/tijdlijn');
  for (const tab of [first, second])
    await expect(bell(tab)).toHaveAccessibleName('Notificaties, geen ongelezen');

  await api(await idToken('joris@kring.local'), 'upvotePost', { postId: post.id });
  for (const tab of [first, second])
    await expect(bell(tab)).toHaveAccessibleName('Notificaties, 1 ongelezen');
  await bell(first).click();
  await expect(first.getByRole('banner').getByText('vindt je bericht leuk').first()).toBeVisible();
  await shoot(first, 'notifications-open');
  for (const tab of [first, second])
    await expect(bell(tab)).toHaveAccessibleName('Notificaties, geen ongelezen');
});

test('the members list by points and by newest; a changed postal code is kept', async ({ page }) => {
  await signIn(page, 'sanne@kring.local');
  await page.goto('/community/leden');
  await page.getByRole('radio', { name: 'Punten' }).click({ force: true });
  await expect(page).toHaveURL(/sorteer=punten/);
  await expect(page.getByRole('radio', { name: 'Punten' })).toBeChecked();
  const karma = page.getByRole('main').getByText(/^\d+ PUNT(EN)?$/);
  await expect(karma.first()).toBeVisible();
  const points = (await karma.allInnerTexts()).map((t) => Number.parseInt(t, 10));
  expect(points.length).toBeGreaterThan(1);
  expect(points).toEqual([...points].sort((a, b) => b - a));
  await shoot(page, 'members-list');
  await page.getByRole('radio', { name: 'Nieuwste' }).click({ force: true });
  await expect(page.getByRole('radio', { name: 'Nieuwste' })).toBeChecked();
  await expect(page).not.toHaveURL(/sorteer=punten/);

  const postalCode = `${1000 + Math.floor(Math.random() * 8999)} KR`;
  await page.goto('/account/lidmaatschap');
  await page.getByRole('button', { name: 'Gegevens wijzigen' }).click();
  await page.getByLabel('Postcode').fill(postalCode);
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Je gegevens zijn opgeslagen.')).toBeVisible();
  await shoot(page, 'membership-details');
  await page.reload();
  await expect(page.getByRole('main').getByText(postalCode)).toBeVisible();
});
