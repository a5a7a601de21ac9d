import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { makeTopic } from '../../test/community.ts';
import { call } from '../../test/helpers.ts';
import { closeDb, getDb } from '../lib/db.ts';
import { clearPublicCallCache } from './public-call-cache.ts';

process.env.PUBLIC_CALL_CACHE = 'on';
afterEach(clearPublicCallCache);
afterAll(closeDb);

describe('public calls answered from memory (contract cacheSeconds)', () => {
  it('listTopics: a new topic is not read from Postgres again until the kept answer expires', async () => {
    const before = await call('listTopics', {});
    expect(before.status).toBe(200);
    const topic = await makeTopic('bewaard');
    // Within the minute: the same answer, without the new topic.
    const cached = await call('listTopics', {});
    expect(cached.body).toEqual(before.body);
    expect(JSON.stringify(cached.body)).not.toContain(topic.name);
    // Once the kept answer is gone (here: forgotten), the next call reads the database again.
    clearPublicCallCache();
    const fresh = await call('listTopics', {});
    expect(JSON.stringify(fresh.body)).toContain(topic.name);
  });

  it('the price: a changed plan price shows once the kept answer expires', async () => {
    const db = await getDb();
    const plan = () => db.updateTable('plans').where('id', '=', 'maandelijks');
    try {
      expect((await call('getSubscriptionInitialPaymentPrice', {})).body).toMatchObject({ value: '9.95' });
      await plan().set({ price_cents: 1250 }).execute();
      expect((await call('getSubscriptionInitialPaymentPrice', {})).body).toMatchObject({ value: '9.95' });
      clearPublicCallCache();
      expect((await call('getSubscriptionInitialPaymentPrice', {})).body).toMatchObject({ value: '12.50' });
    } finally {
      await plan().set({ price_cents: 995 }).execute();
      clearPublicCallCache();
    }
  });
});
