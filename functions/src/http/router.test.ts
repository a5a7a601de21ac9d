import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callRaw, createMember, createUser, type TestUser } from '../../test/helpers.ts';
import { closeDb } from '../lib/db.ts';

let visitor: TestUser;
let member: TestUser;

beforeAll(async () => {
  visitor = await createUser();
  member = await createMember(1);
});
afterAll(closeDb);

describe('router', () => {
  it('answers 404 NOT_FOUND for an unknown call name or service', async () => {
    expect((await callRaw('/web/community/doesNotExist', {}, member)).status).toBe(404);
    expect((await callRaw('/web/elsewhere/getUserAccount', {}, member)).body).toEqual({
      error: { code: 'NOT_FOUND' },
    });
  });

  it('answers 405 with Allow: POST for another method', async () => {
    const res = await callRaw('/web/community/getUserAccount', {}, member, 'GET');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });

  it('accepts paths with and without the /web prefix (Hosting rewrite vs. direct function call)', async () => {
    expect((await callRaw('/web/community/getProfile', {}, member)).status).toBe(200);
    expect((await callRaw('/community/getProfile', {}, member)).status).toBe(200);
  });

  it('answers 401 without a token, or with a forged one, where a token is needed', async () => {
    expect((await call('isUserNameAvailable', { userName: 'jan_de_vries' })).status).toBe(401);
    const res = await call('isUserNameAvailable', { userName: 'jan_de_vries' }, 'not-a-real-token');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 'UNAUTHENTICATED' } });
  });

  it('answers 400 VALIDATION naming the field for bad input, and for JSON that does not parse', async () => {
    const res = await callRaw('isUserNameAvailable', { userName: 42 }, visitor);
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('VALIDATION');
    expect(res.body.error?.issues?.[0]?.path).toBe('userName');
    const broken = await callRaw('isUserNameAvailable', '{"userName": ', visitor);
    expect(broken.status).toBe(400);
    expect(broken.body.error?.code).toBe('VALIDATION');
  });

  it('answers 403 when the role claim is too low', async () => {
    const res = await call('listPosts', {}, visitor);
    expect(res.status).toBe(403);
    expect(res.body.error?.code).toBe('FORBIDDEN');
    expect((await call('pinPostModerator', { postId: 1 }, member)).status).toBe(403);
  });

  it('lets public calls through without a token', async () => {
    const res = await callRaw('/web/subscription/getSubscriptionInitialPaymentPrice', {});
    expect(res.status).not.toBe(401);
  });

  it('never caches API answers', async () => {
    const res = await call('getProfile', {}, member);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
