import { expect, test } from '@playwright/test';
import { api, idToken, memberPages, shoot, signIn, unique } from './support.ts';

// Issue 23, part B: formatted posts, the notification page and 'N nieuwe berichten', through the
// real stack (Hosting, functions, Postgres, the Realtime Database emulator) in Chromium.

interface PostAnswer {
  post: { id: number; title: string };
}

const memberPage = memberPages();

test('a member formats a post with the toolbar and Markdown; it shows formatted, raw HTML as text', async ({
  page,
}) => {
  const title = `Opmaak proberen ${unique()}`;
  await signIn(page, 'sanne@kring.local');
  await page.goto('/community/tijdlijn');
  await page.getByRole('button', { name: 'Nieuw bericht' }).click();
  await page.getByLabel('Titel').fill(title);
  const box = page.getByRole('textbox', { name: 'Bericht', exact: true });
  await box.fill('Dit is belangrijk');
  // Select 'belangrijk' with the keyboard and make it bold with Ctrl+B, then type on after it.
  await box.press('End');
  for (let i = 0; i < 'belangrijk'.length; i++) await box.press('Shift+ArrowLeft');
  await box.press('Control+b');
  await box.press('End');
  await box.pressSequentially('\n\n');
  await page.getByRole('toolbar', { name: 'Opmaak' }).getByRole('button', { name: 'Lijst' }).click();
  await box.pressSequentially(
    'eerste punt\n- tweede punt\n\n> een citaat\n\nZie [de kennisbank](https://kring.nl/kennisbank) en _dit_.\n\n<script>alert(1)</script>',
  );
  await expect(box).toHaveValue(/^Dit is \*\*belangrijk\*\*\n\n- eerste punt/);
  await shoot(page, 'markdown-editor');
  await page.getByRole('button', { name: 'Plaatsen' }).click();

  const card = page.getByRole('main').getByRole('article').filter({ hasText: title }).first();
  // The card's excerpt is the plain text: no asterisks, no link address.
  await expect(
    card.getByText('Dit is belangrijk eerste punt tweede punt een citaat Zie de kennisbank en dit.', {
      exact: false,
    }),
  ).toBeVisible();
  await card.getByRole('link', { name: title }).click();
  const body = page.getByRole('main').getByRole('article').first();
  await expect(body.locator('strong', { hasText: 'belangrijk' })).toBeVisible();
  await expect(body.locator('ul li')).toHaveText(['eerste punt', 'tweede punt']);
  await expect(body.locator('blockquote')).toHaveText('een citaat');
  await expect(body.locator('em', { hasText: 'dit' })).toBeVisible();
  const link = body.getByRole('link', { name: 'de kennisbank' });
  await expect(link).toHaveAttribute('href', 'https://kring.nl/kennisbank');
  await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener noreferrer');
  await expect(body.getByText('<script>alert(1)</script>')).toBeVisible();
  await expect(page.locator('main script')).toHaveCount(0);
  await shoot(page, 'markdown-post');
});

test("the page with all notifications: 'Alle notificaties' in the popover, the subject in full, paged", async ({
  browser,
}) => {
  const [sanneToken, jorisToken] = await Promise.all([
    idToken('sanne@kring.local'),
    idToken('joris@kring.local'),
  ]);
  const long = `Een lange titel over de overdracht tussen de dag- en de avonddienst op de afdeling ${unique()}`;
  for (let i = 0; i < 22; i++) {
    const { post } = await api<PostAnswer>(sanneToken, 'createPost', {
      title: i === 21 ? long : `Notificatie ${i} ${unique()}`,
      content: 'Wat vinden jullie?',
    });
    await api(jorisToken, 'createComment', { postId: post.id, content: `Reactie ${i}` });
  }
  const sanne = await memberPage(browser, 'sanne@kring.local');
  const bell = sanne.getByRole('banner').getByRole('button', { name: /^Notificaties/ });
  await bell.click();
  await expect(sanne.locator('[data-notification-id]').filter({ hasText: long })).toBeVisible();
  // Only what the popover shows is marked read: rows below its fold stay unread.
  await expect(bell).not.toHaveAccessibleName('Notificaties, geen ongelezen');
  await shoot(sanne, 'notifications-popover');
  await sanne.getByRole('link', { name: 'Alle notificaties' }).click();
  await expect(sanne).toHaveURL(/\/community\/notificaties$/);
  await expect(sanne.getByRole('heading', { level: 1, name: 'Notificaties' })).toBeVisible();
  await expect(sanne.getByRole('main').getByText(long)).toBeVisible();
  await expect(sanne.getByRole('main').locator('[data-notification-id]')).toHaveCount(20);
  await shoot(sanne, 'notifications-page');
  await sanne.getByRole('button', { name: 'Meer notificaties' }).click();
  await expect(sanne.getByRole('main').locator('[data-notification-id]').nth(20)).toBeVisible();
});

test("a post appears while joris reads the timeline: 'nieuwe berichten', on top without losing his place", async ({
  browser,
}) => {
  const joris = await memberPage(browser, 'joris@kring.local');
  await joris.goto('/community/tijdlijn');
  const cards = joris.getByRole('main').getByRole('article');
  await expect(cards.first()).toBeVisible();
  await expect(joris.getByRole('radio', { name: 'Nieuwste' })).toBeChecked();
  // Joris reads on: a card further down is near the top of his screen.
  const readingIndex = Math.min(2, (await cards.count()) - 1);
  const readingTitle = await cards.nth(readingIndex).getByRole('heading').textContent();
  await joris.mouse.wheel(0, 500);

  const title = `Net geplaatst ${unique()}`;
  await api<PostAnswer>(await idToken('sanne@kring.local'), 'createPost', {
    title,
    content: 'Hallo allemaal',
  });
  const button = joris.getByRole('button', { name: '1 nieuw bericht' });
  await expect(button).toBeVisible();
  await expect(button).toBeInViewport();
  await shoot(joris, 'timeline-new-posts');
  const anchor = joris
    .getByRole('main')
    .getByRole('article')
    .filter({ hasText: readingTitle ?? '' })
    .first();
  await joris.mouse.wheel(0, 500);
  await joris.waitForTimeout(300);
  const start = await anchor.boundingBox();
  expect(await joris.evaluate<number>('window.scrollY')).toBeGreaterThan(100);
  await button.click();
  await expect(joris.getByRole('main').getByRole('heading', { name: title })).toBeAttached();
  // The card he was reading has not moved on the screen.
  const after = await anchor.boundingBox();
  expect(Math.abs((after?.y ?? 0) - (start?.y ?? 0))).toBeLessThan(4);
  await expect(joris.getByRole('button', { name: /nieuwe? bericht/ })).toHaveCount(0);
  await joris.evaluate('window.scrollTo(0, 0)');
  await expect(cards.first().getByRole('heading', { name: title })).toBeVisible();
});
