import { hosting } from './support.ts';

/** A public page, what its h1 says and a piece of its main text, from the CMS of the running stack. */
export interface PublicPage {
  path: string;
  /** The page's source module in web/ (tests pick pages by it). */
  module: string;
  heading: string;
  text: string;
  status?: number;
}

interface Entry {
  slug: string;
  title: string;
  summary?: string;
  intro?: string;
  episodeNumber?: number;
  communityTitle?: string;
  communityText?: string;
}

async function content<T>(path: string): Promise<T> {
  const res = await fetch(`${hosting}/web/content/${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

const first = async (type: string, sort: string) =>
  (await content<Entry[]>(`${type}?sort=${sort}&pagination[pageSize]=1`))[0] as Entry;

const route = (name: string) => `src/app/routes/public/${name}.tsx`;

/** Every public route of the issue: home, over ons, programma, kennisbank, podcasts, onderzoeken (lists and one item each), community, 404. */
export async function publicPages(): Promise<PublicPage[]> {
  const [home, about, article, event, podcast, research] = await Promise.all([
    content<Entry>('homepage'),
    content<Entry>('about-page'),
    first('articles', 'publishDate:desc'),
    first('events', 'startsAt:desc'),
    first('podcasts', 'episodeNumber:desc'),
    first('researches', 'publishDate:desc'),
  ]);
  return [
    { path: '/', module: route('home'), heading: home.title, text: article.title },
    { path: '/over-ons', module: route('about'), heading: about.title, text: about.intro ?? '' },
    { path: '/programma', module: route('events'), heading: 'Programma', text: event.title },
    {
      path: `/programma/${event.slug}`,
      module: route('event-detail'),
      heading: event.title,
      text: 'Locatie',
    },
    { path: '/kennisbank', module: route('articles'), heading: 'Kennisbank', text: article.title },
    {
      path: `/kennisbank/${article.slug}`,
      module: route('article-detail'),
      heading: article.title,
      text: article.summary ?? '',
    },
    { path: '/podcasts', module: route('podcasts'), heading: 'Podcasts', text: podcast.title },
    {
      path: `/podcasts/${podcast.slug}`,
      module: route('podcast-detail'),
      heading: podcast.title,
      text: `Aflevering ${podcast.episodeNumber}`,
    },
    { path: '/onderzoeken', module: route('research'), heading: 'Onderzoeken', text: research.title },
    {
      path: `/onderzoeken/${research.slug}`,
      module: route('research-detail'),
      heading: research.title,
      text: research.summary ?? '',
    },
    {
      path: '/community',
      module: route('community-landing'),
      heading: home.communityTitle || 'Community',
      text: home.communityText || 'Lid worden',
    },
    {
      path: '/deze-pagina-bestaat-niet',
      module: route('not-found'),
      heading: 'Pagina niet gevonden',
      text: 'Deze pagina bestaat niet (meer).',
      status: 404,
    },
  ];
}

/** Text as it reads in HTML source (React escapes these five and separates text nodes with comments). */
export const decodeHtml = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
