import { expect, test } from '@playwright/test';
import { api, idToken } from './support.ts';

// Issue 3's acceptance check: a web client signed in as a demo member sees, within a second, a value
// that a function wrote to its Realtime Database path (here: the unread notification count).

test('the bell shows a new notification within a second of the reply', async ({ page }) => {
  const sanne = await idToken('sanne@kring.local');
  const joris = await idToken('joris@kring.local');
  const { post } = await api<{ post: { id: number } }>(sanne, 'createPost', {
    title: 'Wie helpt mij met een subsidieaanvraag?',
    content: 'Ik loop vast bij de begroting. Tips zijn welkom!',
  });
  await api(sanne, 'markNotificationsRead', {});

  await page.goto('/auth/signin');
  await page.getByLabel('E-mailadres').fill('sanne@kring.local');
  await page.getByLabel('Wachtwoord').fill('kringdemo1');
  await page.getByRole('main').getByRole('button', { name: 'Inloggen', exact: true }).click();
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notificaties/ });
  await expect(bell).toHaveAccessibleName('Notificaties, geen ongelezen', { timeout: 30_000 });

  await api(joris, 'createComment', { postId: post.id, content: 'Stuur me je begroting, dan kijk ik mee.' });
  const written = Date.now();
  await expect(bell).toHaveAccessibleName('Notificaties, 1 ongelezen', { timeout: 1_000 });
  console.log(`bell updated ${Date.now() - written} ms after the reply was stored`);
});
