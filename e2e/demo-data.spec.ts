// Issue 21 item 8: the seeded demo memberships are real paid first payments through the Mollie
// sandbox, so the recalculations production runs (the hourly job's catch-up at Mollie, re-deriving a
// membership from its payments) keep the demo admin, moderator and members active. Before, the seed
// wrote `active` rows with no payment behind them, and any recalculation dropped them to `pending`.
import { expect, test } from '@playwright/test';
import { hosting, idToken } from './support.ts';

const demoMembers = [
  { uid: 'demo-admin', email: 'admin@kring.local', role: 3 },
  { uid: 'demo-moderator', email: 'moderator@kring.local', role: 2 },
  { uid: 'demo-sanne', email: 'sanne@kring.local', role: 1 },
  { uid: 'demo-joris', email: 'joris@kring.local', role: 1 },
];

const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { role?: number };

async function subscriptionStatus(email: string) {
  const res = await fetch(`${hosting}/web/subscription/getSubscriptionStatus`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await idToken(email)}` },
    body: '{}',
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { status: string | null; expiresAt: string | null };
}

test('the demo members stay active through the expiry job’s catch-up and a recalculation', async () => {
  // The functions' own code, on the stack's database and Mollie sandbox (scripts/e2e.ts passes both).
  const { getDb, closeDb } = await import('../functions/src/lib/db.ts');
  const { applyLifecycle, catchUpPayments, settleMembership } = await import(
    '../functions/src/subscription/sync-payment.ts'
  );
  const db = await getDb();
  try {
    for (const member of demoMembers) {
      const before = await subscriptionStatus(member.email);
      expect(before.status, member.email).toBe('active');
      const now = new Date();
      // What the hourly job does for a member (Mollie's payments of their customers, then the
      // membership derived again from the payments Kring holds), and what a webhook or cancel does.
      await catchUpPayments(db, member.uid, now);
      await db.transaction().execute((tx) => applyLifecycle(tx, member.uid, now));
      await settleMembership(db, member.uid);

      const after = await subscriptionStatus(member.email);
      expect(after, member.email).toEqual(before);
      expect(claims(await idToken(member.email)).role, member.email).toBe(member.role);
    }

    // `npm run dev` runs the same step on every start: a restart pays nothing twice.
    const { payDemoMemberships } = await import('../scripts/lib/seed.ts');
    await payDemoMemberships(() => {});
    const payments = await db
      .selectFrom('payments')
      .select(['uid', 'status', 'sequence_type'])
      .where(
        'uid',
        'in',
        demoMembers.map((m) => m.uid),
      )
      .orderBy('uid')
      .execute();
    expect(payments).toEqual(
      [...demoMembers]
        .sort((a, b) => a.uid.localeCompare(b.uid))
        .map((m) => ({ uid: m.uid, status: 'paid', sequence_type: 'first' })),
    );
  } finally {
    await closeDb();
  }
});
