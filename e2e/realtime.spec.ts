import { expect, test } from '@playwright/test';

// Issue 3's acceptance check: a web client signed in as a demo member sees, within a second, a value
// that a function wrote to its Realtime Database path (here: the unread notification count).
const hosting = 'http://127.0.0.1:5000';

async function idToken(email: string): Promise<string> {
  const res = await fetch(
    'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'kringdemo1', returnSecureToken: true }),
    },
  );
  return ((await res.json()) as { idToken: string }).idToken;
}

async function api<T>(token: string, name: string, body: unknown): Promise<T> {
  const res = await fetch(`${hosting}/web/community/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(res.status, `${name}: ${await res.clone().text()}`).toBe(200);
  return (await res.json()) as T;
}

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
