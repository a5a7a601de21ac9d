/**
 * Shapes of the CMS content as the proxy returns it (Strapi 5 REST: flat attributes, documentId).
 * Mirrors cms/src/api/*\/content-types/*\/schema.json; optional fields may be absent.
 */
interface Entry {
  id: number;
  documentId: string;
}

export interface Article extends Entry {
  title: string;
  slug: string;
  summary: string;
  body?: string;
  coverImage?: string | null;
  coverImageAlt?: string | null;
  topics?: unknown;
  publishDate: string;
  author?: string;
}

export interface EventEntry extends Entry {
  title: string;
  slug: string;
  startsAt: string;
  endsAt?: string | null;
  location: string;
  description?: string;
  registrationUrl?: string | null;
  coverImage?: string | null;
  coverImageAlt?: string | null;
}

export interface Podcast extends Entry {
  title: string;
  slug: string;
  episodeNumber: number;
  audioUrl: string;
  durationSeconds?: number;
  showNotes?: string;
  publishDate?: string;
  coverImage?: string | null;
  coverImageAlt?: string | null;
}

export interface Research extends Entry {
  title: string;
  slug: string;
  summary: string;
  body?: string;
  pdfUrl?: string | null;
  externalUrl?: string | null;
  publishDate?: string;
  coverImage?: string | null;
  coverImageAlt?: string | null;
}

export interface Homepage extends Entry {
  title: string;
  intro: string;
  heroImage?: string | null;
  heroImageAlt?: string | null;
  callToActionLabel?: string | null;
  callToActionUrl?: string | null;
  articlesTitle?: string | null;
  eventsTitle?: string | null;
  podcastsTitle?: string | null;
  communityTitle?: string | null;
  communityText?: string | null;
}

export interface AboutPage extends Entry {
  title: string;
  intro?: string;
  body: string;
  image?: string | null;
  imageAlt?: string | null;
}

export interface SiteMeta extends Entry {
  title: string;
  description: string;
  address: string;
  postalCode: string;
}

export interface NavLink {
  label: string;
  url: string;
}

export type SocialType = 'Twitter' | 'Facebook' | 'Instagram' | 'LinkedIn' | 'Email';

export interface Navigation extends Entry {
  primary: {
    home: string;
    aboutUs: string;
    events: string;
    articles: string;
    research: string;
    podcasts: string;
    community: string;
  };
  secondaryMenu?: NavLink[];
  secondaryFooter?: NavLink[];
  socials?: { type: SocialType; path: string }[];
}

export interface CollectionTypes {
  articles: Article;
  events: EventEntry;
  podcasts: Podcast;
  researches: Research;
}

export interface SingleTypes {
  homepage: Homepage;
  'about-page': AboutPage;
  'site-meta': SiteMeta;
  navigation: Navigation;
}

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
