import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Role } from '@kring/contract';
import { sql } from 'kysely';
import { demoAddress } from './demo-address.ts';
import { cmsToken, ports, projectId } from './stack.ts';

/** Demo logins printed by `npm run dev`. Fixed uids keep Auth and Postgres in step across restarts. */
export const demoPassword = 'kringdemo1';
export const demoUsers = [
  {
    uid: 'demo-admin',
    email: 'admin@kring.local',
    role: 3,
    name: 'Ans_Beheer',
    occupation: 'Beheerder van Kring',
    label: 'beheerder (admin)',
  },
  {
    uid: 'demo-moderator',
    email: 'moderator@kring.local',
    role: 2,
    name: 'Mo_Moderator',
    occupation: 'Moderator',
    label: 'moderator',
  },
  {
    uid: 'demo-sanne',
    email: 'sanne@kring.local',
    role: 1,
    name: 'sanne_de_boer',
    occupation: 'Verpleegkundige',
    label: 'lid met profiel',
  },
  {
    uid: 'demo-joris',
    email: 'joris@kring.local',
    role: 1,
    name: 'joris_visser',
    occupation: 'Docent aardrijkskunde',
    label: 'lid met profiel',
  },
  {
    uid: 'demo-bezoeker',
    email: 'bezoeker@kring.local',
    role: 0,
    name: null,
    occupation: '',
    label: 'bezoeker zonder lidmaatschap',
  },
] as const;

const topics = [
  ['Zorg en welzijn', 'zorg-en-welzijn'],
  ['Onderwijs', 'onderwijs'],
  ['Wonen', 'wonen'],
  ['Klimaat', 'klimaat'],
  ['Werk en inkomen', 'werk-en-inkomen'],
  ['Vragen aan de community', 'vragen'],
] as const;

/** A demo user's ID token from the Auth emulator (the password is the same for all). */
export async function signIn(email: string): Promise<string> {
  const res = await fetch(
    `http://127.0.0.1:${ports.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: demoPassword, returnSecureToken: true }),
    },
  );
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  return ((await res.json()) as { idToken: string }).idToken;
}

/** Calls a community (or subscription) endpoint through the Hosting emulator, as the web app does. */
export async function api<T>(
  token: string,
  name: string,
  body: unknown,
  service: 'community' | 'subscription' = 'community',
): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${ports.hosting}/web/${service}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json().catch(() => null)) as T;
  if (!res.ok) throw new Error(`${name} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/**
 * The demo seed writes known passwords and fake members: it runs only against a `demo-` project (which
 * Firebase never connects to production) and with the Auth emulator set, never against a real one.
 */
export function assertDemoProject(env: NodeJS.ProcessEnv = process.env): void {
  const project = env.GCLOUD_PROJECT || env.FIREBASE_PROJECT_ID || env.GOOGLE_CLOUD_PROJECT || projectId;
  if (!project.startsWith('demo-')) {
    throw new Error(`The demo seed refuses to run against project "${project}": only demo-* projects.`);
  }
  if (!env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error('The demo seed refuses to run without FIREBASE_AUTH_EMULATOR_HOST (the Auth emulator).');
  }
}

/**
 * The demo members (admin, moderator, sanne, joris) pay their first payment through the Mollie sandbox
 * as a real member does: createSubscriptionInitialPayment, "Betaald" (the sandbox's control, which
 * delivers the webhook), the webhook activates the membership and starts the Mollie subscription. So
 * the demo has the payment records production data has, and a recalculation (a cancel, the hourly
 * job's catch-up) keeps them active instead of dropping them to `pending`. Only members without a
 * paid payment pay: restarts make no duplicates. A membership row without any payment (seeded before
 * issue 21) is replaced by the paid one.
 */
export async function payDemoMemberships(log: (line: string) => void): Promise<void> {
  const { getDb } = await import('../../functions/src/lib/db.ts');
  const db = await getDb();
  const started = Date.now();
  let paid = 0;
  for (const u of demoUsers.filter((d) => d.role > 0)) {
    const hasPaid = await db
      .selectFrom('payments')
      .select('id')
      .where('uid', '=', u.uid)
      .where('status', '=', 'paid')
      .executeTakeFirst();
    if (hasPaid) continue;
    await sql`
      DELETE FROM memberships m WHERE m.uid = ${u.uid}
        AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.uid = m.uid)
    `.execute(db);
    const token = await signIn(u.email);
    const { paymentId } = await api<{ paymentId: string }>(
      token,
      'createSubscriptionInitialPayment',
      {
        membership: {
          firstName: u.name!.split('_')[0]!,
          lastName: 'Demo',
          birthdate: '1985-06-15',
          phoneNumber: '0612345678',
          ...demoAddress,
        },
      },
      'subscription',
    );
    // As the checkout page's "Betaald" does; answers after the first webhook attempt.
    const res = await fetch(
      `http://127.0.0.1:${ports.mollieCheckout}/_sandbox/payments/${paymentId}/status`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'paid' }),
      },
    );
    if (!res.ok) throw new Error(`the Mollie sandbox did not mark ${paymentId} paid: ${res.status}`);
    // A first webhook attempt that failed (a cold function) is retried by the sandbox within seconds.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const m = await db
        .selectFrom('memberships')
        .select('status')
        .where('uid', '=', u.uid)
        .executeTakeFirst();
      if (m?.status === 'active') break;
      if (Date.now() > deadline)
        throw new Error(`the demo membership of ${u.email} is not active after paying`);
      await new Promise((r) => setTimeout(r, 250));
    }
    // The webhook gives Member; a moderator or admin keeps the higher role (set above).
    await (await import('../../functions/src/accounts/roles.ts')).setRole(db, u.uid, u.role as Role);
    paid++;
  }
  if (paid) log(`demo memberships paid through the Mollie sandbox (${paid}, ${Date.now() - started} ms)`);
}

/**
 * Makes sure the demo users exist in the Auth emulator (every start: a crash may have lost its export)
 * and, on an empty database, creates memberships, profiles, topics, posts, comments, votes and a chat.
 */
export async function seed(dataDir: string, log: (line: string) => void): Promise<void> {
  assertDemoProject();
  const { adminAuth } = await import('../../functions/src/lib/firebase.ts');
  const { getDb } = await import('../../functions/src/lib/db.ts');
  const { setRole } = await import('../../functions/src/accounts/roles.ts');
  const auth = adminAuth();
  const db = await getDb();

  for (const u of demoUsers) {
    const existing = await auth.getUser(u.uid).catch(() => null);
    if (!existing)
      await auth.createUser({ uid: u.uid, email: u.email, password: demoPassword, emailVerified: true });
    await db
      .insertInto('accounts')
      // The demo addresses count as verified (issue 15: mail only goes to verified addresses).
      .values({ uid: u.uid, email: u.email, email_verified: true })
      .onConflict((oc) => oc.column('uid').doUpdateSet({ email_verified: true }))
      .execute();
    await setRole(db, u.uid, u.role as Role);
  }

  // Search: the kennisbank as the CMS has it now (its webhook keeps it current from here on).
  process.env.CMS_URL ??= `http://127.0.0.1:${ports.cms}`;
  process.env.CMS_API_TOKEN ??= cmsToken;
  const { reindexKennisbank } = await import('../../functions/src/search/kennisbank.ts');
  await reindexKennisbank(db)
    .then(({ indexed }) => log(`kennisbank indexed for search (${indexed} articles)`))
    .catch((error: unknown) =>
      log(`kennisbank not indexed: ${error instanceof Error ? error.message : String(error)}`),
    );

  // Every start, so data seeded before issue 21 is repaired too; a no-op once each has paid.
  await payDemoMemberships(log);
  // Avatars stored at the old guessable path (data from before issue 21) move; a no-op after that.
  const { migrateAvatarPaths } = await import('../../functions/src/community/images/avatar-paths.ts');
  const avatars = await migrateAvatarPaths(db);
  if (avatars.moved || avatars.strayDeleted) log(`avatars moved to unguessable paths: ${avatars.moved}`);

  const marker = join(dataDir, 'seeded');
  if (existsSync(marker)) return;
  log('seeding demo data (first start)…');
  for (const [name, slug] of topics) {
    await db
      .insertInto('topics')
      .values({ name, slug })
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
  }
  const topicIds = Object.fromEntries(
    (await db.selectFrom('topics').select(['id', 'slug']).execute()).map((t) => [t.slug, t.id]),
  );

  const tokens: Record<string, string> = {};
  const profileIds: Record<string, number> = {};
  for (const u of demoUsers.filter((d) => d.name)) {
    tokens[u.uid] = await signIn(u.email);
    const existing = await db.selectFrom('profiles').select('id').where('uid', '=', u.uid).executeTakeFirst();
    profileIds[u.uid] =
      existing?.id ??
      (
        await api<{ profile: { id: number } }>(tokens[u.uid]!, 'createProfile', {
          name: u.name,
          occupation: u.occupation,
          bio: 'Demo-account van Kring.',
        })
      ).profile.id;
  }

  const hasPosts = await db.selectFrom('posts').select('id').limit(1).executeTakeFirst();
  if (!hasPosts) {
    const post = async (uid: string, title: string, content: string, topicSlugs: string[]) =>
      (
        await api<{ post: { id: number } }>(tokens[uid]!, 'createPost', {
          title,
          content,
          topics: topicSlugs.map((s) => topicIds[s]),
        })
      ).post.id;
    const comment = async (uid: string, postId: number, content: string, parentId: number | null = null) =>
      (await api<{ comment: { id: number } }>(tokens[uid]!, 'createComment', { postId, parentId, content }))
        .comment.id;

    const welkom = await post(
      'demo-admin',
      'Welkom bij Kring!',
      'Fijn dat je er bent. Stel je gerust voor in een reactie hieronder: wie ben je en waar ben je mee bezig?',
      ['vragen'],
    );
    const wijk = await post(
      'demo-sanne',
      'Ervaringen met wijkzorg in de avond',
      'Wij merken in onze wijk dat de avonddiensten steeds lastiger rond te krijgen zijn. Hoe lossen jullie dat op?',
      ['zorg-en-welzijn', 'werk-en-inkomen'],
    );
    const klas = await post(
      'demo-joris',
      'Klimaatles die werkt voor groep 7 en 8',
      'Vorige week heb ik een les over waterbeheer gegeven met een zelfgebouwde dijk in een bak zand. De kinderen waren enthousiast! Tips voor een vervolg?',
      ['onderwijs', 'klimaat'],
    );
    await post(
      'demo-sanne',
      'Tips voor een goed gesprek met de woningcorporatie',
      'Na maanden wachten hebben we eindelijk een afspraak. Wat moet ik zeker meenemen?',
      ['wonen'],
    );

    const c1 = await comment('demo-joris', welkom, 'Hoi allemaal! Ik ben Joris, docent in Utrecht.');
    await comment('demo-sanne', welkom, 'Welkom Joris! Leuk dat er ook docenten bij zijn.', c1);
    const c2 = await comment(
      'demo-joris',
      wijk,
      'Bij ons werkt een vaste pool van invallers goed, met een eigen appgroep.',
    );
    await comment('demo-moderator', wijk, 'Goede vraag, Sanne. Er is ook een artikel over in de kennisbank.');
    await comment('demo-sanne', klas, 'Wat een mooi idee! Mag ik het werkblad gebruiken?');

    for (const uid of ['demo-joris', 'demo-moderator', 'demo-admin'])
      await api(tokens[uid]!, 'upvotePost', { postId: wijk });
    for (const uid of ['demo-sanne', 'demo-admin']) await api(tokens[uid]!, 'upvotePost', { postId: klas });
    await api(tokens['demo-sanne']!, 'upvoteComment', { commentId: c2 });
    await api(tokens['demo-moderator']!, 'pinPostModerator', { postId: welkom });

    await api(tokens['demo-sanne']!, 'sendMessage', {
      toUserId: profileIds['demo-joris'],
      content: 'Hoi Joris, zullen we een keer bellen over je klimaatles?',
    });
    await api(tokens['demo-joris']!, 'sendMessage', {
      toUserId: profileIds['demo-sanne'],
      content: 'Zeker! Donderdagmiddag past mij goed.',
    });
    await api(tokens['demo-sanne']!, 'sendMessage', {
      toUserId: profileIds['demo-joris'],
      content: 'Top, ik bel je om 15.00 uur.',
    });
  }

  writeFileSync(marker, new Date().toISOString());
  log(`demo data ready (project ${projectId})`);
}
