/**
 * Reads CMS content through the function's proxy: `/web/content/{type}?{query}` and
 * `/web/content/{type}/{slug}`. No token: content is public and cached by the CDN.
 */
import useSWR from 'swr';
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

// Content changes rarely; do not refetch on every focus.
const options = { revalidateOnFocus: false, shouldRetryOnError: false } as const;

export function useContentList<K extends keyof CollectionTypes>(type: K, query = '') {
  return useSWR<ListResponse<CollectionTypes[K]>>(contentUrl(type, query), fetchContent, options);
}

export function useContentEntry<K extends keyof CollectionTypes>(type: K, slug: string | undefined) {
  return useSWR<EntryResponse<CollectionTypes[K]>>(
    slug ? contentUrl(type, { slug }) : null,
    fetchContent,
    options,
  );
}

export function useSingleContent<K extends keyof SingleTypes>(type: K, enabled = true) {
  return useSWR<EntryResponse<SingleTypes[K]>>(enabled ? contentUrl(type) : null, fetchContent, options);
}
