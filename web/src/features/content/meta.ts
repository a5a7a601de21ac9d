/**
 * What each kind of CMS entry tells search engines and sharing previews: description, image and
 * schema.org structured data (Article, Event, PodcastEpisode, Report). Server only: the server
 * render's head (app/server/head.ts) calls entryMeta; the browser bundle does not carry it.
 */
import type { PageKind } from '../../lib/page-meta.ts';
import { paths } from '../../lib/paths.ts';
import { nl } from '../../messages/nl.ts';
import type { AboutPage, Article, EventEntry, Homepage, Podcast, Research } from './api/types.ts';

/** Makes a site path absolute (`/images/x.svg` → `https://site/images/x.svg`). */
export type Absolute = (pathOrUrl: string) => string;

/** The head of a page showing a CMS entry, beyond its title. */
export interface EntryMeta {
  description?: string | null | undefined;
  /** Sharing image (a site path or an absolute URL). */
  image?: string | null | undefined;
  type?: 'website' | 'article' | undefined;
  /** Structured data (schema.org), given a way to make URLs absolute. */
  jsonLd?: ((absolute: Absolute) => Record<string, unknown>) | undefined;
  /** The image most likely to be the largest paint (preloaded). */
  preloadImage?: string | null | undefined;
}

/** Plain text of a CMS text (Markdown), cut at a word near `max` characters, for descriptions. */
export function plainSummary(text: string | null | undefined, max = 160): string | undefined {
  if (!text) return undefined;
  const plain = text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain || undefined;
  const cut = plain.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

const context = 'https://schema.org';
const organization = (absolute: Absolute) => ({
  '@type': 'Organization',
  name: nl.site.defaultTitle,
  url: absolute(paths.home),
});

export const homeMeta = (page: Homepage | undefined): EntryMeta => ({
  description: plainSummary(page?.intro),
  image: page?.heroImage,
  preloadImage: page?.heroImage,
  jsonLd: (absolute) => ({
    '@context': context,
    '@type': 'WebSite',
    name: nl.site.defaultTitle,
    url: absolute(paths.home),
    inLanguage: 'nl-NL',
    publisher: organization(absolute),
  }),
});

export const aboutMeta = (page: AboutPage | undefined): EntryMeta => ({
  description: plainSummary(page?.intro || page?.body),
  image: page?.image,
});

export const articleMeta = (article: Article): EntryMeta => ({
  description: plainSummary(article.summary),
  image: article.coverImage,
  preloadImage: article.coverImage,
  type: 'article',
  jsonLd: (absolute) => ({
    '@context': context,
    '@type': 'Article',
    headline: article.title,
    description: article.summary,
    datePublished: article.publishDate,
    ...(article.author ? { author: { '@type': 'Person', name: article.author } } : {}),
    ...(article.coverImage ? { image: [absolute(article.coverImage)] } : {}),
    inLanguage: 'nl-NL',
    mainEntityOfPage: absolute(paths.articles.detail(article.slug)),
    publisher: organization(absolute),
  }),
});

export const eventMeta = (event: EventEntry): EntryMeta => ({
  description: plainSummary(event.description) ?? event.location,
  image: event.coverImage,
  preloadImage: event.coverImage,
  jsonLd: (absolute) => ({
    '@context': context,
    '@type': 'Event',
    name: event.title,
    startDate: event.startsAt,
    ...(event.endsAt ? { endDate: event.endsAt } : {}),
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    location: { '@type': 'Place', name: event.location, address: event.location },
    ...(event.description ? { description: plainSummary(event.description, 300) } : {}),
    ...(event.coverImage ? { image: [absolute(event.coverImage)] } : {}),
    url: absolute(paths.events.detail(event.slug)),
    organizer: organization(absolute),
  }),
});

export const podcastMeta = (podcast: Podcast): EntryMeta => ({
  description: plainSummary(podcast.showNotes),
  image: podcast.coverImage,
  jsonLd: (absolute) => ({
    '@context': context,
    '@type': 'PodcastEpisode',
    name: podcast.title,
    episodeNumber: podcast.episodeNumber,
    ...(podcast.publishDate ? { datePublished: podcast.publishDate } : {}),
    ...(podcast.showNotes ? { description: plainSummary(podcast.showNotes, 300) } : {}),
    ...(podcast.durationSeconds ? { timeRequired: `PT${Math.round(podcast.durationSeconds / 60)}M` } : {}),
    url: absolute(paths.podcasts.detail(podcast.slug)),
    associatedMedia: { '@type': 'MediaObject', contentUrl: absolute(podcast.audioUrl) },
    partOfSeries: {
      '@type': 'PodcastSeries',
      name: nl.site.defaultTitle,
      url: absolute(paths.podcasts.list),
    },
    inLanguage: 'nl-NL',
  }),
});

export const researchMeta = (research: Research): EntryMeta => ({
  description: plainSummary(research.summary),
  image: research.coverImage,
  preloadImage: research.coverImage,
  type: 'article',
  jsonLd: (absolute) => ({
    '@context': context,
    '@type': 'Report',
    name: research.title,
    description: research.summary,
    ...(research.publishDate ? { datePublished: research.publishDate } : {}),
    url: absolute(paths.research.detail(research.slug)),
    publisher: organization(absolute),
    inLanguage: 'nl-NL',
  }),
});

/** The head for a page of `kind` showing `data` (the server's head.ts calls it). */
export function entryMeta(kind: PageKind, data: unknown): EntryMeta {
  switch (kind) {
    case 'home':
      return homeMeta(data as Homepage);
    case 'about':
      return aboutMeta(data as AboutPage);
    case 'article':
      return articleMeta(data as Article);
    case 'event':
      return eventMeta(data as EventEntry);
    case 'podcast':
      return podcastMeta(data as Podcast);
    case 'research':
      return researchMeta(data as Research);
  }
}
