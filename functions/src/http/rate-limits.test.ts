import { communityEndpoints, rateLimits, subscriptionEndpoints } from '@kring/contract';
import { describe, expect, it } from 'vitest';
import { limitsOf } from './rate-limits.ts';

describe("an endpoint's limits for one call, in the order they are counted", () => {
  it('counts a member call on the account', () => {
    const endpoint = communityEndpoints.isUserNameAvailable;
    expect(limitsOf(endpoint, { uid: 'u1', ip: '203.0.113.7' }, false)).toEqual([
      { key: 'isUserNameAvailable:u1', limit: endpoint.rateLimit },
    ]);
  });

  it('counts a mail link on its address, then under the global cap; a known signed link on neither', () => {
    const endpoint = communityEndpoints.unsubscribeMail;
    expect(
      limitsOf(endpoint, { uid: null, ip: undefined }, false).map(({ key, limit }) => ({ key, limit })),
    ).toEqual([
      { key: 'unsubscribeMail:anon:unknown', limit: rateLimits.mailLinks },
      { key: 'unsubscribeMail:all', limit: rateLimits.mailLinksGlobal },
    ]);
    expect(limitsOf(endpoint, { uid: null, ip: '198.51.100.4' }, true)).toEqual([]);
  });

  it('counts a webhook per address before the global cap, and a known payment on neither', () => {
    const endpoint = subscriptionEndpoints.webhookPaymentHandler;
    const keys = (known: boolean) =>
      limitsOf(endpoint, { uid: null, ip: '198.51.100.4' }, known).map((l) => l.key);
    expect(keys(false).slice(-2)).toEqual([
      'webhookPaymentHandler:ip:198.51.100.4',
      'webhookPaymentHandler:all',
    ]);
    expect(keys(true).filter((k) => k.includes(':ip:') || k.endsWith(':all'))).toEqual([]);
  });
});
