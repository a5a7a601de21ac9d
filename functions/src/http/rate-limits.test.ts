import { communityEndpoints, rateLimits, subscriptionEndpoints } from '@kring/contract';
import { describe, expect, it } from 'vitest';
import type { Db } from '../lib/db.ts';
import { limitsOf } from './rate-limits.ts';

const noItem = async () => null;
const db = {} as Db;
const counted = (limits: ReturnType<typeof limitsOf>) => limits.map(({ key, limit }) => ({ key, limit }));

describe("an endpoint's limits for one call, in the order they are counted", () => {
  it('counts a member call on the account, an anonymous one on its address', () => {
    const endpoint = communityEndpoints.isUserNameAvailable;
    expect(counted(limitsOf(endpoint, { uid: 'u1', ip: '203.0.113.7' }, noItem, db))).toEqual([
      { key: 'isUserNameAvailable:u1', limit: endpoint.rateLimit },
    ]);
  });

  it('counts a mail link per address, then under the global cap unless its token is known', async () => {
    const endpoint = communityEndpoints.unsubscribeMail;
    const limits = limitsOf(endpoint, { uid: null, ip: undefined }, noItem, db);
    expect(counted(limits)).toEqual([
      { key: 'unsubscribeMail:anon:unknown', limit: rateLimits.mailLinks },
      { key: 'unsubscribeMail:all', limit: rateLimits.mailLinksGlobal },
    ]);
    expect(limits[0]!.exempt).toBeUndefined();
    // No known item: counted globally (the known budget is asked only for a known item).
    expect(await limits[1]!.exempt!()).toBe(false);
  });

  it('counts a webhook per caller address and under the global cap, the address first', () => {
    const endpoint = subscriptionEndpoints.webhookPaymentHandler;
    const keys = limitsOf(endpoint, { uid: null, ip: '198.51.100.4' }, noItem, db).map((l) => l.key);
    expect(keys.slice(-2)).toEqual(['webhookPaymentHandler:ip:198.51.100.4', 'webhookPaymentHandler:all']);
  });
});
