/**
 * Shapes of the CMS content as the proxy returns it (Strapi 5 REST: flat attributes, documentId),
 * derived from the shared content model in contract/src/content.ts (types only: nothing of it
 * reaches the bundle). Fields the proxy does not guarantee may be absent.
 */
import type { CollectionTypes, ContentComponent, ContentEntry, SingleTypes } from '@kring/contract/content';

export type { CollectionTypes, SingleTypes };

export type Article = ContentEntry<'articles'>;
export type EventEntry = ContentEntry<'events'>;
export type Podcast = ContentEntry<'podcasts'>;
export type Research = ContentEntry<'researches'>;
export type Homepage = ContentEntry<'homepage'>;
export type AboutPage = ContentEntry<'about-page'>;
export type SiteMeta = ContentEntry<'site-meta'>;
export type Navigation = ContentEntry<'navigation'>;
export type NavLink = ContentComponent<'navigation.link'>;
export type SocialType = ContentComponent<'navigation.social'>['type'];

export interface ListResponse<T> {
  data: T[];
  meta: { pagination?: { page: number; pageSize: number; pageCount: number; total: number } };
}

export interface EntryResponse<T> {
  data: T;
  meta: Record<string, unknown>;
}

/** Article topics are free JSON in the CMS: accept an array of strings or of `{ name }`. */
export function topicsOf(article: Pick<Article, 'topics'>): string[] {
  if (!Array.isArray(article.topics)) return [];
  return article.topics
    .map((topic: unknown) =>
      typeof topic === 'string'
        ? topic
        : typeof topic === 'object' && topic !== null && 'name' in topic && typeof topic.name === 'string'
          ? topic.name
          : null,
    )
    .filter((topic): topic is string => topic !== null && topic.trim() !== '');
}
