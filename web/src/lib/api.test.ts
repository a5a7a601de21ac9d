import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render.tsx';
import { ApiError, call, callFile, callPublic, NetworkError, setReauthPrompt } from './api.ts';
import { NOT_SIGNED_IN } from './auth-user.ts';

const getIdToken = vi.fn<(forceRefresh?: boolean) => Promise<string>>();
vi.mock('./firebase.ts', () => ({ getIdToken: (forceRefresh?: boolean) => getIdToken(forceRefresh) }));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  getIdToken.mockResolvedValue('id-token-1');
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('call', () => {
  it('POSTs the input as JSON to /web/{service}/{name} with the ID token as Bearer', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ available: true, reason: null }));
    const result = await call('community', 'isUserNameAvailable', { userName: 'karel' });
    expect(result).toEqual({ available: true, reason: null });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/web/community/isUserNameAvailable');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer id-token-1');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ userName: 'karel' });
  });

  it("throws 'Call failed with status {n}' for a non-OK answer and keeps the field issues", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          error: {
            code: 'VALIDATION',
            issues: [{ path: 'membership.postalCode', message: 'Vul een postcode in' }],
          },
        },
        400,
      ),
    );
    const error = await call('subscription', 'createSubscriptionInitialPayment', {
      membership: {} as never,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Call failed with status 400');
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).code).toBe('VALIDATION');
    expect((error as ApiError).issueFor('membership.postalCode')).toBe('Vul een postcode in');
  });

  it('keeps the status error when the error body is not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(call('community', 'getUserAccount', {})).rejects.toThrow('Call failed with status 502');
  });

  it("turns a failed request into 'Network error'", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await call('community', 'getUserAccount', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('Network error');
  });

  it("turns an unreadable OK answer into 'Network error'", async () => {
    fetchMock.mockResolvedValue(new Response('{"uid":', { status: 200 }));
    await expect(call('community', 'getUserAccount', {})).rejects.toThrow('Network error');
  });

  it("refuses to call as nobody: 'User is not logged in'", async () => {
    getIdToken.mockRejectedValue(new Error(NOT_SIGNED_IN));
    await expect(call('community', 'getUserAccount', {})).rejects.toThrow('User is not logged in');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('callPublic', () => {
  it('calls a public endpoint without a token, also when nobody is signed in', async () => {
    getIdToken.mockRejectedValue(new Error(NOT_SIGNED_IN));
    fetchMock.mockResolvedValue(
      jsonResponse({ kind: 'replies', preferences: { replies: false, upvotes: false, digest: true } }),
    );
    const result = await callPublic('community', 'unsubscribeMail', { token: '1.replies.x' });
    expect(result.kind).toBe('replies');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/web/community/unsubscribeMail');
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    expect(JSON.parse(String(init?.body))).toEqual({ token: '1.replies.x' });
  });

  it('throws the status error with the field issue for a refused token', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          error: { code: 'VALIDATION', issues: [{ path: 'token', message: 'Deze afmeldlink is ongeldig.' }] },
        },
        400,
      ),
    );
    const error = await callPublic('community', 'unsubscribeMail', { token: 'onzin' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).issueFor('token')).toBe('Deze afmeldlink is ongeldig.');
  });
});

describe('a call that needs a recent sign-in', () => {
  afterEach(() => setReauthPrompt(null));

  it('asks the user to sign in again, then repeats the call once with a fresh token', async () => {
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse({ error: { code: 'UNAUTHENTICATED', reason: 'RECENT_SIGN_IN_REQUIRED' } }, 401),
      )
      .mockResolvedValueOnce(jsonResponse({ ok: true }));
    const prompt = vi.fn(async () => true);
    setReauthPrompt(prompt);
    getIdToken.mockResolvedValueOnce('stale-token').mockResolvedValueOnce('fresh-token');
    expect(await call('privacy', 'deleteMyAccount', { confirm: 'VERWIJDER' })).toEqual({ ok: true });
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('Authorization')).toBe(
      'Bearer fresh-token',
    );
  });

  it('does not repeat the call when the user gives up signing in again', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ error: { code: 'UNAUTHENTICATED', reason: 'RECENT_SIGN_IN_REQUIRED' } }, 401),
    );
    setReauthPrompt(async () => false);
    const error = await call('privacy', 'exportMyData', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).reason).toBe('RECENT_SIGN_IN_REQUIRED');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('callFile', () => {
  it("POSTs with the token and hands back the file as a Blob under the server's name", async () => {
    fetchMock.mockResolvedValue(
      new Response('\uFEFFNummer;Totaal\r\nKR-000001;9,95\r\n', {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="kring-betalingen-2026-03.csv"',
        },
      }),
    );
    const file = await callFile('community', 'exportPaymentsAdmin', { month: '2026-03' });
    expect(file.fileName).toBe('kring-betalingen-2026-03.csv');
    expect(await file.blob.text()).toContain('KR-000001;9,95');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/web/community/exportPaymentsAdmin');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer id-token-1');
    expect(JSON.parse(String(init?.body))).toEqual({ month: '2026-03' });
  });

  it('a refusal is an ApiError with its reason; after signing in again it is asked once more', async () => {
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse({ error: { code: 'UNAUTHENTICATED', reason: 'RECENT_SIGN_IN_REQUIRED' } }, 401),
      )
      .mockResolvedValueOnce(
        new Response('x', { headers: { 'content-disposition': 'attachment; filename="a.csv"' } }),
      );
    const prompt = vi.fn(async () => true);
    setReauthPrompt(prompt);
    try {
      const file = await callFile('community', 'exportMembersAdmin', {});
      expect(file.fileName).toBe('a.csv');
      expect(prompt).toHaveBeenCalledTimes(1);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      setReauthPrompt(null);
    }
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: { code: 'FORBIDDEN', reason: 'ROLE_REQUIRED' } }, 403),
    );
    const error = await callFile('community', 'exportMembersAdmin', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
  });
});

describe('the re-sign-in, the same for call and callFile', () => {
  afterEach(() => setReauthPrompt(null));
  const recent = () =>
    jsonResponse({ error: { code: 'UNAUTHENTICATED', reason: 'RECENT_SIGN_IN_REQUIRED' } }, 401);
  const file = () =>
    new Response('x', { headers: { 'content-disposition': 'attachment; filename="a.csv"' } });
  const run = {
    call: () => call('privacy', 'exportMyData', {}),
    callFile: () => callFile('community', 'exportMembersAdmin', {}),
  };

  it.each(['call', 'callFile'] as const)(
    '%s: the repeat asks for a forced fresh token, and a second refusal is not asked again',
    async (kind) => {
      getIdToken.mockImplementation(async (force) => (force ? 'fresh-token' : 'cached-token'));
      fetchMock.mockImplementation(async () => recent());
      const prompt = vi.fn(async () => true);
      setReauthPrompt(prompt);
      const error = await run[kind]().catch((e: unknown) => e);
      expect((error as ApiError).reason).toBe('RECENT_SIGN_IN_REQUIRED');
      expect(prompt).toHaveBeenCalledTimes(1);
      expect(fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Authorization'))).toEqual(
        ['Bearer cached-token', 'Bearer fresh-token'],
      );
    },
  );

  it.each(['call', 'callFile'] as const)(
    '%s: another refusal does not ask to sign in again',
    async (kind) => {
      fetchMock.mockResolvedValue(
        jsonResponse({ error: { code: 'FORBIDDEN', reason: 'ROLE_REQUIRED' } }, 403),
      );
      const prompt = vi.fn(async () => true);
      setReauthPrompt(prompt);
      const error = await run[kind]().catch((e: unknown) => e);
      expect((error as ApiError).status).toBe(403);
      expect(prompt).not.toHaveBeenCalled();
      expect(fetchMock).toHaveBeenCalledTimes(1);
    },
  );

  it('callFile: after signing in again the file is still read as a Blob', async () => {
    fetchMock.mockResolvedValueOnce(recent()).mockResolvedValueOnce(file());
    setReauthPrompt(async () => true);
    const got = await run.callFile();
    expect(got.fileName).toBe('a.csv');
    expect(await got.blob.text()).toBe('x');
  });
});
