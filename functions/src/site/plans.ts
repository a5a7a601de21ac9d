/**
 * The plans for the server render of /community (issue 27): the site function has no database, so it
 * asks the `web` function's public `listPlans` as a browser would, through Hosting at PUBLIC_BASE_URL,
 * and keeps the answer per instance for PLANS_CACHE_SECONDS. A slow or failed call leaves the plans
 * out of the page (the app then fetches them in the browser, as before): never a failed page; so
 * does a redirect (PUBLIC_BASE_URL misconfigured), which is never followed. The
 * answer goes into the page's HTML, so only what the contract's listPlans output allows, read up to
 * PLANS_MAX_BYTES, gets there.
 */
import { listPlans } from '@kring/contract';
import { logs } from '../lib/logs.ts';
import { TtlCache } from '../lib/ttl-cache.ts';

/** How long an instance keeps the plans; pages carrying them are kept no longer at the CDN. */
export const PLANS_CACHE_SECONDS = 60;
/** The page waits at most this long for the plans. */
export const PLANS_TIMEOUT_MS = 3000;
/** The most of listPlans' answer read (a handful of plans is about 1 KB). */
export const PLANS_MAX_BYTES = 64 * 1024;
/** The same path as the browser's call (web/src/lib/api.ts `apiPath`). */
export const PLANS_PATH = '/web/billing/listPlans';

type PlansAnswer = { status: 'ok'; data: unknown } | { status: 'unavailable' };

const cache = new TtlCache<PlansAnswer>(PLANS_CACHE_SECONDS * 1000, 1);

/** The body as text, or null when it is longer than `max` bytes (the rest is not read). */
async function readBounded(response: Response, max: number): Promise<string | null> {
  if (Number(response.headers.get('content-length') ?? 0) > max) {
    await response.body?.cancel();
    return null;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > max) {
      await response.body?.cancel().catch(() => {});
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function fetchPlans(origin: string): Promise<PlansAnswer> {
  try {
    const response = await fetch(`${origin}${PLANS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: '{}',
      // Hosting answers listPlans itself: a redirect means PUBLIC_BASE_URL points elsewhere (a
      // misconfiguration), and its target must not fill the page. It fails as any other failure.
      redirect: 'error',
      signal: AbortSignal.timeout(PLANS_TIMEOUT_MS),
    });
    const text = await readBounded(response, PLANS_MAX_BYTES);
    const parsed = text === null ? undefined : listPlans.output.safeParse(JSON.parse(text));
    if (response.ok && parsed?.success) return { status: 'ok', data: parsed.data };
    logs.warn('site: listPlans answered without valid plans', {
      status: response.status,
      tooLarge: text === null,
    });
  } catch (error) {
    logs.warn('site: listPlans failed', { error: String(error) });
  }
  return { status: 'unavailable' };
}

/** The plans as `{ plans }` from the cache or the web function; `unavailable` when that failed. */
export const loadPlans = (origin: string): Promise<PlansAnswer> =>
  cache.get(
    origin,
    () => fetchPlans(origin),
    (answer) => answer.status === 'ok',
  );
