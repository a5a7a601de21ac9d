/**
 * The CMS content types the web app may read through `/web/content/{apiId}`. The api id is the
 * Strapi REST segment (`GET {cms}/api/{apiId}`): the plural name for collections, the singular
 * name for single types. Anything not listed here is a 404 without asking the CMS.
 */
export interface ContentTypeDef {
  readonly kind: 'collection' | 'single';
  /** Dotted paths every entry must carry; an entry without one is treated as not found. */
  readonly required: readonly string[];
  /** Query parameters that always replace the caller's of the same name (e.g. component populate). */
  readonly fixedQuery?: Readonly<Record<string, string>>;
}

export const contentTypes = {
  articles: { kind: 'collection', required: ['slug', 'title', 'summary', 'publishDate'] },
  events: { kind: 'collection', required: ['slug', 'title', 'startsAt', 'location'] },
  podcasts: { kind: 'collection', required: ['slug', 'title', 'episodeNumber', 'audioUrl'] },
  researches: { kind: 'collection', required: ['slug', 'title', 'summary'] },
  homepage: { kind: 'single', required: ['title', 'intro'] },
  'about-page': { kind: 'single', required: ['title', 'body'] },
  'site-meta': { kind: 'single', required: ['title', 'description', 'address', 'postalCode'] },
  navigation: {
    kind: 'single',
    required: [
      'primary.home',
      'primary.aboutUs',
      'primary.events',
      'primary.articles',
      'primary.research',
      'primary.podcasts',
      'primary.community',
    ],
    // Components are only returned when populated; the header and footer always need all four.
    fixedQuery: { populate: '*' },
  },
} as const satisfies Record<string, ContentTypeDef>;

export type ContentTypeApiId = keyof typeof contentTypes;

export const isContentTypeApiId = (value: string): value is ContentTypeApiId =>
  Object.hasOwn(contentTypes, value);

export const contentTypeDef = (apiId: ContentTypeApiId): ContentTypeDef => contentTypes[apiId];
