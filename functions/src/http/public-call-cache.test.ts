import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { makeTopic } from '../../test/community.ts';
import { call } from '../../test/helpers.ts';
import { closeDb } from '../lib/db.ts';
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

  it('the price: a changed configuration shows once the kept answer expires', async () => {
    const configured = process.env.MEMBERSHIP_PRICE;
    try {
      process.env.MEMBERSHIP_PRICE = '9.95';
      expect((await call('getSubscriptionInitialPaymentPrice', {})).body).toMatchObject({ value: '9.95' });
      process.env.MEMBERSHIP_PRICE = '12.50';
      expect((await call('getSubscriptionInitialPaymentPrice', {})).body).toMatchObject({ value: '9.95' });
      clearPublicCallCache();
      expect((await call('getSubscriptionInitialPaymentPrice', {})).body).toMatchObject({ value: '12.50' });
    } finally {
      if (configured === undefined) delete process.env.MEMBERSHIP_PRICE;
      else process.env.MEMBERSHIP_PRICE = configured;
    }
  });
});
