/**
 * Reads CMS content through the function's proxy: `/web/content/{type}?{query}` and
 * `/web/content/{type}/{slug}`. No token: content is public and cached by the CDN.
 *
 * A tiny cache instead of SWR, so the public pages' first load carries no SWR code: answers are
 * shared by every component showing the same URL, shown at once when a page is opened again and
 * refreshed in the background then (at most once per DEDUPE_MS). No retries: a failed load shows
 * its error until the page is opened again.
 */
import { useEffect, useSyncExternalStore } from 'react';
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

const results = new Map<string, ContentResult<unknown>>();
const startedAt = new Map<string, number>();
const inFlight = new Set<string>();
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

const settle = (url: string, result: ContentResult<unknown>) => {
  inFlight.delete(url);
  results.set(url, result);
  for (const listener of listeners) listener();
};

function load(url: string) {
  if (inFlight.has(url) || Date.now() - (startedAt.get(url) ?? -Infinity) < DEDUPE_MS) return;
  inFlight.add(url);
  startedAt.set(url, Date.now());
  fetchContent(url).then(
    (data) => settle(url, { data, error: undefined }),
    (error: unknown) => settle(url, { data: results.get(url)?.data, error }),
  );
}

/** The content at `url` (null: nothing to load yet). */
function useContent<T>(url: string | null): ContentResult<T> {
  const result = useSyncExternalStore(subscribe, () => (url === null ? undefined : results.get(url)));
  useEffect(() => {
    if (url !== null) load(url);
  }, [url]);
  return { data: result?.data as T | undefined, error: result?.error };
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
