import { expect, test } from '@playwright/test';
import { api, idToken, memberPages, shoot, signIn, unique } from './support.ts';

// Issue 16's journeys: search in Dutch across posts and the kennisbank; a member reports a comment and
// a moderator handles it from the queue. Everything goes through the real stack (the kennisbank was
// indexed from the real Strapi when the stack started).

interface PostAnswer {
  post: { id: number; title: string };
}
interface CommentAnswer {
  comment: { id: number };
}

const memberPage = memberPages();

test('a member searches "tarieven" and finds the post and the kennisbank article, words marked, and opens them', async ({
  page,
}) => {
  const sanne = await idToken('sanne@kring.local');
  const title = `Onze tarieven voor 2027 ${unique()}`;
  const { post } = await api<PostAnswer>(sanne, 'createPost', {
    title,
    content: 'We verhogen het tarief per uur een beetje. Wat vinden jullie?',
    topics: [],
  });

  await signIn(page, 'joris@kring.local');
  const box = page.getByRole('banner').getByRole('searchbox', { name: 'Zoek in de community' });
  await box.fill('tarieven');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/community\/zoeken\?q=tarieven$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Zoeken' })).toBeVisible();

  const results = page.getByTestId('search-results');
  const postLink = results.getByRole('link', { name: title });
  const articleLink = results.getByRole('link', { name: 'Zo bepaal je een eerlijk uurtarief' });
  await expect(postLink).toBeVisible();
  await expect(articleLink).toBeVisible();
  // The matched words are marked: the title's "tarieven", and "tarief" in the text and in the article.
  await expect(postLink.locator('mark')).toHaveText(['tarieven']);
  const item = (name: string) =>
    results.getByRole('listitem').filter({ has: page.getByRole('link', { name }) });
  await expect(item(title).locator('p mark')).toHaveText(['tarief']);
  await expect(item('Zo bepaal je een eerlijk uurtarief').locator('p mark').first()).toHaveText('tarief');
  await shoot(page, 'search-results');

  await page.getByRole('button', { name: 'Kennisbank' }).click();
  await expect(results.getByRole('link', { name: title })).toBeHidden();
  await expect(articleLink).toBeVisible();
  await page.getByRole('button', { name: 'Alles' }).click();

  await postLink.click();
  await expect(page).toHaveURL(new RegExp(`/community/bericht/${post.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.goBack();
  await page
    .getByTestId('search-results')
    .getByRole('link', { name: 'Zo bepaal je een eerlijk uurtarief' })
    .click();
  await expect(page).toHaveURL(/\/kennisbank\/zo-bepaal-je-een-eerlijk-uurtarief$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Zo bepaal je een eerlijk uurtarief' }),
  ).toBeVisible();
});

test('joris reports a comment; the moderator sees the count in the header, removes it from the queue, and the log shows it', async ({
  browser,
}) => {
  const sanne = await idToken('sanne@kring.local');
  const { post } = await api<PostAnswer>(sanne, 'createPost', {
    title: `Vraag over de buurt ${unique()}`,
    content: 'Wie weet meer?',
    topics: [],
  });
  const text = `Dit is een onaardige reactie ${unique()}`;
  await api<CommentAnswer>(sanne, 'createComment', { postId: post.id, parentId: null, content: text });

  const joris = await memberPage(browser, 'joris@kring.local');
  await joris.goto(`/community/bericht/${post.id}`);
  const comment = joris.getByRole('article', { name: /^Reactie van sanne_de_boer/ });
  await comment.getByRole('button', { name: /^Meer acties/ }).click();
  await comment.getByRole('button', { name: 'Melden' }).click();
  const dialog = joris.getByRole('dialog', { name: 'Reactie melden' });
  await dialog.getByRole('radio', { name: 'Intimidatie of pesten' }).check();
  await dialog.getByLabel('Toelichting (niet verplicht)').fill('Dit is niet de toon hier.');
  await shoot(joris, 'report-dialog');
  await dialog.getByRole('button', { name: 'Melding versturen' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Bedankt. We hebben je melding ontvangen; een moderator kijkt ernaar.',
  );
  await dialog.getByRole('button', { name: 'Klaar' }).click();

  const moderator = await memberPage(browser, 'moderator@kring.local');
  const count = moderator.getByRole('banner').getByTestId('moderation-count');
  await expect(count).toHaveAccessibleName(/^Moderatie: [1-9]\d* open melding/);
  const before = Number((await count.getAttribute('aria-label'))?.match(/\d+/)?.[0]);
  await count.click();
  await expect(moderator).toHaveURL(/\/community\/moderatie$/);
  const card = moderator.getByTestId('report-group').filter({ hasText: text });
  await expect(card.getByRole('heading', { name: 'Reactie · 1 melding' })).toBeVisible();
  await expect(card).toContainText('Intimidatie of pesten (1)');
  await expect(card).toContainText('joris_visser: Intimidatie of pesten — “Dit is niet de toon hier.”');
  await shoot(moderator, 'moderation-queue');

  await card.getByRole('button', { name: 'Verwijderen' }).click();
  await card.getByLabel(/Reden van verwijderen/).fill('Blijf vriendelijk');
  await card.getByRole('button', { name: 'Verwijder', exact: true }).click();
  await expect(moderator.getByTestId('report-group').filter({ hasText: text })).toHaveCount(0);
  await expect(count).toHaveAccessibleName(
    before - 1 === 1 ? 'Moderatie: 1 open melding' : `Moderatie: ${before - 1} open meldingen`,
  );
  await expect(moderator.getByTestId('moderation-log').getByRole('listitem').first()).toContainText(
    // Since the one admin log (0022) a removal names the author, as a suspension names the member.
    'Mo_Moderator verwijderde een reactie (sanne_de_boer) · Reden: Blijf vriendelijk',
  );
  await shoot(moderator, 'moderation-log');

  // For joris the comment is gone.
  await joris.reload();
  await expect(joris.getByText(text)).toBeHidden();
});
