import { expect, type Page, test } from '@playwright/test';
import { api, idToken, memberPages, shoot, signIn, unique } from './support.ts';

// Issue 11's journeys: members write, reply, vote and sort; a moderator pins and removes; a deep
// comment can be linked to; an article is discussed. Everything goes through the real stack.

interface PostAnswer {
  post: { id: number; title: string };
}
interface CommentAnswer {
  comment: { id: number };
}

/** A 1×1 PNG: the server decodes and re-encodes it like any upload. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const memberPage = memberPages();

/** The cards of the timeline that are not pinned, in order. */
const unpinnedCards = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('article')
    .filter({ hasNot: page.getByText('Vastgezet', { exact: true }) });

const comment = (page: Page, author: string) => page.getByRole('article', { name: `Reactie van ${author}` });

test('a member writes a post with a topic and an image: first under "Nieuwste" and on the topic', async ({
  page,
}) => {
  const title = `Wie kent een goede boekhouder? ${unique()}`;
  await signIn(page, 'sanne@kring.local');
  await page.goto('/community/tijdlijn');
  await page.getByRole('button', { name: 'Nieuw bericht' }).click();
  await page.getByLabel('Titel').fill(title);
  await page
    .getByRole('textbox', { name: 'Bericht', exact: true })
    .fill('Ik zoek iemand die zzp’ers kent.\n\nTips zijn welkom: www.kring.nl');
  await page.getByRole('checkbox', { name: 'Werk en inkomen' }).check({ force: true });
  await page
    .getByLabel('Afbeelding toevoegen')
    .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Afbeelding wordt geüpload…')).toBeHidden();
  await expect(page.getByRole('img', { name: 'Afbeelding 1' })).toBeVisible();
  await shoot(page, 'community-composer');
  await page.getByRole('button', { name: 'Plaatsen' }).click();

  await expect(page.getByRole('radio', { name: 'Nieuwste' })).toBeChecked();
  const first = unpinnedCards(page).first();
  await expect(first.getByRole('heading', { name: title })).toBeVisible();
  // The card shows the first image (decorative there: the title says what the post is about).
  await expect(first.locator('img[width="640"]')).toBeVisible();
  await expect(first.getByText('0 PUNTEN')).toBeVisible();
  await shoot(page, 'community-timeline');

  await first.getByRole('link', { name: 'Werk en inkomen' }).click();
  await expect(page).toHaveURL(/onderwerp=werk-en-inkomen/);
  await expect(unpinnedCards(page).first().getByRole('heading', { name: title })).toBeVisible();
});

test('three levels of replies; the bell counts them without a reload', async ({ browser }) => {
  const sanneToken = await idToken('sanne@kring.local');
  const { post } = await api<PostAnswer>(sanneToken, 'createPost', {
    title: `Ervaringen met de nieuwe cao? ${unique()}`,
    content: 'Wat merken jullie ervan?',
  });
  await api(sanneToken, 'markNotificationsRead', {});
  const sanne = await memberPage(browser, 'sanne@kring.local');
  const joris = await memberPage(browser, 'joris@kring.local');
  const bell = sanne.getByRole('banner').getByRole('button', { name: /^Notificaties/ });
  await expect(bell).toHaveAccessibleName('Notificaties, geen ongelezen');

  await joris.goto(`/community/bericht/${post.id}`);
  await joris.getByLabel('Schrijf een reactie').fill('Bij ons gaat de reiskostenvergoeding omhoog.');
  await joris.getByRole('button', { name: 'Plaatsen' }).click();
  await expect(comment(joris, 'joris_visser').getByText('reiskostenvergoeding')).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notificaties, 1 ongelezen');

  await sanne.goto(`/community/bericht/${post.id}`);
  await comment(sanne, 'joris_visser').getByRole('button', { name: 'Reageer' }).click();
  await sanne.getByLabel('Je reactie op joris_visser').fill('Goed nieuws! Vanaf wanneer?');
  await sanne.getByRole('button', { name: 'Plaatsen' }).last().click();
  await expect(comment(sanne, 'sanne_de_boer').getByText('Vanaf wanneer?')).toBeVisible();

  await joris.reload();
  await comment(joris, 'sanne_de_boer').getByRole('button', { name: 'Reageer' }).click();
  await joris.getByLabel('Je reactie op sanne_de_boer').fill('Vanaf 1 januari.');
  await joris.getByRole('button', { name: 'Plaatsen' }).last().click();
  // Three levels: joris' answer sits inside sanne's reply, which sits inside joris' comment.
  const third = comment(joris, 'joris_visser')
    .locator(comment(joris, 'sanne_de_boer'))
    .locator(comment(joris, 'joris_visser'));
  await expect(third.getByText('Vanaf 1 januari.')).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notificaties, 2 ongelezen');
  await shoot(joris, 'community-thread');

  await bell.click();
  // The popover lists the reply (the bell's own wording, spec 8) and marks it read.
  await expect(sanne.getByRole('banner').getByText('heeft gereageerd op je bericht.').first()).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notificaties, geen ongelezen');
  await shoot(sanne, 'community-notifications');
});

test('an upvote shows 1 PUNT and undoing it 0 PUNTEN; "Populair" survives a reload', async ({ page }) => {
  const { post } = await api<PostAnswer>(await idToken('sanne@kring.local'), 'createPost', {
    title: `Stem je mee? ${unique()}`,
    content: 'Een bericht om op te stemmen.',
  });
  await signIn(page, 'joris@kring.local');
  await page.goto(`/community/bericht/${post.id}`);
  const vote = page
    .getByRole('main')
    .getByRole('button', { name: /^Stem (omhoog|intrekken)/ })
    .first();
  await expect(vote).toHaveText(/0 PUNTEN/);
  await vote.click();
  await expect(vote).toHaveText(/1 PUNT$/);
  await expect(vote).toHaveAttribute('aria-pressed', 'true');
  // The vote is stored: it is still there after a reload.
  await page.reload();
  await expect(vote).toHaveText(/1 PUNT$/);
  await vote.click();
  await expect(vote).toHaveText(/0 PUNTEN/);

  // A vote taken back while its call is on its way (held here until the undo is clicked): the last
  // click wins, on the screen and on the server, with the undo sent after the vote's answer.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const sent: string[] = [];
  await page.route(/\/web\/community\/(undoU|u)pvotePost$/, async (route) => {
    sent.push(new URL(route.request().url()).pathname);
    if (sent.length === 1) await held;
    await route.continue();
  });
  await vote.click();
  await expect(vote).toHaveAttribute('aria-pressed', 'true');
  await vote.click();
  await expect(vote).toHaveAttribute('aria-pressed', 'false');
  // Only the vote is out (and held): nothing races it.
  await expect.poll(() => sent).toEqual(['/web/community/upvotePost']);
  const undone = page.waitForResponse((r) => r.url().endsWith('/undoUpvotePost'));
  release();
  await undone;
  expect(sent).toEqual(['/web/community/upvotePost', '/web/community/undoUpvotePost']);
  await expect(vote).toHaveText(/0 PUNTEN/);
  await page.unrouteAll();
  await page.reload();
  await expect(vote).toHaveText(/0 PUNTEN/);

  await page.goto('/community/tijdlijn');
  await page.getByRole('radio', { name: 'Populair' }).check({ force: true });
  await expect(page.getByRole('radio', { name: 'Populair' })).toBeChecked();
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Populair' })).toBeChecked();
  expect(await page.evaluate(() => localStorage.getItem('sharedSortOrder/posts'))).toBe('"points"');
  // Back to the default for the journeys after this one.
  await page.getByRole('radio', { name: 'Nieuwste' }).check({ force: true });
});

test('a moderator pins a post and removes a comment with a reason; the author gets the mail', async ({
  page,
}) => {
  const title = `Vastgezet: huisregels ${unique()}`;
  const { post } = await api<PostAnswer>(await idToken('sanne@kring.local'), 'createPost', {
    title,
    content: 'Lees dit eerst.',
  });
  const reason = `Persoonlijke aanval ${unique()}`;
  await api<CommentAnswer>(await idToken('joris@kring.local'), 'createComment', {
    postId: post.id,
    content: 'Een reactie die niet door de beugel kan.',
  });

  try {
    await signIn(page, 'moderator@kring.local');
    await page.goto(`/community/bericht/${post.id}`);
    await page.getByRole('button', { name: 'Vastzetten' }).click();
    await expect(page.getByRole('button', { name: 'Losmaken' })).toBeVisible();
    await page.goto('/community/tijdlijn');
    const first = page.getByRole('main').getByRole('article').first();
    await expect(first.getByRole('heading', { name: title })).toBeVisible();
    await expect(first.getByText('Vastgezet', { exact: true })).toBeVisible();

    await page.goto(`/community/bericht/${post.id}`);
    const joris = comment(page, 'joris_visser');
    await joris.getByRole('button', { name: 'Meer acties voor de reactie van joris_visser' }).click();
    await joris.getByRole('button', { name: 'Verwijder', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reactie verwijderen als moderator' });
    await dialog.getByRole('button', { name: 'Verwijderen' }).click();
    await expect(dialog.getByText('Geef een reden op')).toBeVisible();
    await dialog.getByLabel('Reden').fill(reason);
    await shoot(page, 'community-moderation-dialog');
    await dialog.getByRole('button', { name: 'Verwijderen' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Deze reactie is verwijderd door een moderator.')).toBeVisible();
    await expect(page.getByText(`Reden: ${reason}`)).toBeVisible();

    // The removal mail to joris, caught by maildev.
    await expect
      .poll(async () => {
        const mails = (await (await fetch('http://127.0.0.1:1080/api/email')).json()) as {
          subject: string;
          text: string;
          to: { address: string }[];
        }[];
        return mails.some(
          (m) =>
            m.to.some((t) => t.address === 'joris@kring.local') &&
            m.subject === 'Je reactie is verwijderd' &&
            m.text.includes(reason),
        );
      })
      .toBe(true);
  } finally {
    // Leave the timeline as it was for the journeys after this one.
    await api(await idToken('moderator@kring.local'), 'unpinPostModerator', { postId: post.id });
  }
});

test('?showComment= highlights a third-level comment', async ({ page }) => {
  const sanne = await idToken('sanne@kring.local');
  const joris = await idToken('joris@kring.local');
  const { post } = await api<PostAnswer>(sanne, 'createPost', {
    title: `Een lange draad ${unique()}`,
    content: 'Reageer maar raak.',
  });
  const level1 = await api<CommentAnswer>(joris, 'createComment', {
    postId: post.id,
    content: 'Eerste niveau',
  });
  const level2 = await api<CommentAnswer>(sanne, 'createComment', {
    postId: post.id,
    parentId: level1.comment.id,
    content: 'Tweede niveau',
  });
  const level3 = await api<CommentAnswer>(joris, 'createComment', {
    postId: post.id,
    parentId: level2.comment.id,
    content: 'Derde niveau, hier gaat het om',
  });

  await signIn(page, 'sanne@kring.local');
  await page.goto(`/community/bericht/${post.id}?showComment=${level3.comment.id}`);
  const target = page.locator('[data-highlighted]');
  await expect(target).toHaveCount(1);
  await expect(target).toContainText('Derde niveau, hier gaat het om');
  await expect(target).toContainText('Gemarkeerde reactie');
  await expect(target).toBeFocused();
  await expect(target).toBeInViewport();
  await shoot(page, 'community-show-comment');
});

test('a member discusses a kennisbank article and the post appears on the article page', async ({ page }) => {
  const title = `Eerlijk uurtarief: hoe doen jullie het? ${unique()}`;
  await signIn(page, 'sanne@kring.local');
  await page.goto('/kennisbank/zo-bepaal-je-een-eerlijk-uurtarief');
  await page.getByRole('button', { name: 'Bespreek dit artikel' }).click();
  await page.getByLabel('Titel').fill(title);
  await page
    .getByRole('textbox', { name: 'Bericht', exact: true })
    .fill('Ik reken nu € 65 per uur. Te weinig?');
  await page.getByRole('button', { name: 'Plaatsen' }).click();
  const discussion = page.getByRole('region', { name: 'Uit de community' });
  await expect(discussion.getByRole('heading', { name: title })).toBeVisible();
  await shoot(page, 'community-article-discussion');

  await discussion.getByRole('link', { name: title }).click();
  await expect(page.getByRole('link', { name: 'Lees het artikel in de kennisbank' })).toHaveAttribute(
    'href',
    '/kennisbank/zo-bepaal-je-een-eerlijk-uurtarief',
  );
});
