/**
 * Reads CMS content through the function's proxy: `/web/content/{type}?{query}` and
 * `/web/content/{type}/{slug}`. No token: content is public and cached by the CDN.
 *
 * A tiny cache instead of SWR, so the public pages' first load carries no SWR code: answers are
 * shared by every component showing the same URL, shown at once when a page is opened again and
 * refreshed in the background then (at most once per DEDUPE_MS). No retries: a failed load shows
 * its error until the page is opened again.
 *
 * The cache is a ContentStore. The browser has one for the page's life (primed from the server's
 * answers in the first HTML, so a server-rendered page hydrates without asking again); the server
 * renderer (app/server) makes one per request, which records the URLs the render asked for.
 */
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import type { CollectionTypes, EntryResponse, ListResponse, SingleTypes } from './types.ts';

/** 404 from the proxy: unknown type, missing entry, or an entry lacking a required field. */
export class ContentNotFoundError extends Error {
  constructor(url: string) {
    super(`Content not found: ${url}`);
    this.name = 'ContentNotFoundError';
  }
}

export const contentUrl = (type: string, slugOrQuery?: { slug: string } | string) => {
  if (slugOrQuery === undefined || slugOrQuery === '') return `/web/content/${type}`;
  if (typeof slugOrQuery === 'string') return `/web/content/${type}?${slugOrQuery}`;
  return `/web/content/${type}/${encodeURIComponent(slugOrQuery.slug)}`;
};

export async function fetchContent<T>(url: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'application/json' } });
  } catch (error) {
    throw new Error('Network error', { cause: error });
  }
  if (response.status === 404) throw new ContentNotFoundError(url);
  if (!response.ok) throw new Error(`Call failed with status ${response.status}`);
  return (await response.json()) as T;
}

export interface ContentResult<T> {
  /** The last answer; kept while a refresh runs or fails. */
  data: T | undefined;
  error: unknown;
}

/** Content changes rarely: components mounting within this window share one request. */
const DEDUPE_MS = 2000;
/**
 * Answers that came with the page are not asked again for this long: hydration on a slow phone
 * can take seconds, and the page is as fresh as the HTML it arrived in.
 */
const PRIMED_FRESH_MS = 60_000;

/** What the server hands the browser: the answers it rendered with and the moment it rendered. */
export interface ContentSnapshot {
  /** ISO time, rounded to the minute: the `now` of time-dependent queries (upcoming events). */
  now: string;
  /** URL → answer; `null` for a 404 (the page showed "not found"). */
  entries: Record<string, unknown>;
}

/** The moment, rounded to the minute so cache keys built from it stay stable. */
export const roundedNow = () => new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();

export class ContentStore {
  /** URL → answer (read by snapshotOf). */
  readonly results = new Map<string, ContentResult<unknown>>();
  private readonly startedAt = new Map<string, number>();
  private readonly inFlight = new Set<string>();
  private readonly listeners = new Set<() => void>();
  /** URLs the render asked for that the store had no answer for (the server's to-do list). */
  readonly wanted = new Set<string>();
  /** Set when the store was primed from a server render, so queries use the server's moment. */
  private fixedNow: string | undefined;

  /** `fixedNow`: a server render keeps one moment for all its passes. */
  constructor(fixedNow?: string) {
    this.fixedNow = fixedNow;
  }

  now(): string {
    return this.fixedNow ?? roundedNow();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  get(url: string): ContentResult<unknown> | undefined {
    return this.results.get(url);
  }

  /** Asks for `url` in a render; the server store notes what it lacks. */
  request(url: string): ContentResult<unknown> | undefined {
    const result = this.results.get(url);
    if (!result) this.wanted.add(url);
    return result;
  }

  /** Fills the store with answers (a 404 as `null`) without asking the network. */
  prime(snapshot: ContentSnapshot) {
    this.fixedNow = snapshot.now;
    const freshUntil = Date.now() + PRIMED_FRESH_MS - DEDUPE_MS;
    for (const [url, data] of Object.entries(snapshot.entries)) {
      this.results.set(
        url,
        data === null
          ? { data: undefined, error: new ContentNotFoundError(url) }
          : { data, error: undefined },
      );
      this.startedAt.set(url, freshUntil);
    }
  }

  /** Stores an answer (or the error it ended in) and tells every component showing it. */
  settle(url: string, result: ContentResult<unknown>) {
    this.inFlight.delete(url);
    this.results.set(url, result);
    for (const listener of this.listeners) listener();
  }

  load(url: string) {
    if (this.inFlight.has(url) || Date.now() - (this.startedAt.get(url) ?? -Infinity) < DEDUPE_MS) return;
    this.inFlight.add(url);
    this.startedAt.set(url, Date.now());
    fetchContent(url).then(
      (data) => this.settle(url, { data, error: undefined }),
      (error: unknown) => this.settle(url, { data: this.results.get(url)?.data, error }),
    );
  }
}

/** The answers as the browser's store is primed with them (failed loads are left out). Server only. */
export function snapshotOf(store: ContentStore): ContentSnapshot {
  const entries: Record<string, unknown> = {};
  for (const [url, result] of store.results) {
    if (result.data !== undefined) entries[url] = result.data;
    else if (result.error instanceof ContentNotFoundError) entries[url] = null;
  }
  return { now: store.now(), entries };
}

/** The browser's store: one for the page's life. */
export const browserContentStore = new ContentStore();

export const ContentStoreContext = createContext<ContentStore>(browserContentStore);

/** The moment time-dependent queries are built from (the server's during hydration). */
export const useContentNow = () => useContext(ContentStoreContext).now();

/** The content at `url` (null: nothing to load yet). */
function useContent<T>(url: string | null): ContentResult<T> {
  const store = useContext(ContentStoreContext);
  const read = () => (url === null ? undefined : store.request(url));
  const result = useSyncExternalStore(store.subscribe, read, read);
  useEffect(() => {
    if (url !== null) store.load(url);
  }, [store, url]);
  return { data: result?.data as T | undefined, error: result?.error };
}

/**
 * An answer the server render put in the page for a URL the content proxy does not serve (the plans
 * on /community: the site function answers it, functions/src/site/plans.ts). Read only: never fetched
 * here; without it the component asks its own API.
 */
export function useServedAnswer<T>(url: string): T | undefined {
  return useContext(ContentStoreContext).request(url)?.data as T | undefined;
}

export function useContentList<K extends keyof CollectionTypes>(type: K, query = '') {
  return useContent<ListResponse<CollectionTypes[K]>>(contentUrl(type, query));
}

export function useContentEntry<K extends keyof CollectionTypes>(type: K, slug: string | undefined) {
  return useContent<EntryResponse<CollectionTypes[K]>>(slug ? contentUrl(type, { slug }) : null);
}

export function useSingleContent<K extends keyof SingleTypes>(type: K, enabled = true) {
  return useContent<EntryResponse<SingleTypes[K]>>(enabled ? contentUrl(type) : null);
}
