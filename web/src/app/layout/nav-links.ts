import type { PrimaryKey } from '../../features/content/hooks/use-site-chrome.ts';
import { paths } from '../../lib/paths.ts';

/** Paths of the primary links (spec 3: navigation config); the labels come from the CMS. */
const primaryPaths: Record<PrimaryKey, string> = {
  home: paths.home,
  aboutUs: paths.about,
  events: paths.events.list,
  articles: paths.articles.list,
  research: paths.research.list,
  podcasts: paths.podcasts.list,
  community: paths.community.landing,
};

export const headerOrder: PrimaryKey[] = [
  'home',
  'aboutUs',
  'events',
  'articles',
  'research',
  'podcasts',
  'community',
];
/** Spec 2: the footer has five primary links (no home, no research). */
export const footerOrder: PrimaryKey[] = ['aboutUs', 'events', 'articles', 'podcasts', 'community'];

/** A member with a profile and membership goes to the timeline instead of the community landing. */
export const pathFor = (key: PrimaryKey, isMember: boolean) =>
  key === 'community' && isMember ? paths.community.timeline : primaryPaths[key];

/** The link of the section the current page belongs to is shown in bold. */
export function isCurrentSection(key: PrimaryKey, pathname: string): boolean {
  const path = primaryPaths[key];
  if (path === paths.home) return pathname === paths.home;
  return pathname === path || pathname.startsWith(`${path}/`);
}
