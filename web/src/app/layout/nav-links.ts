import type { PrimaryKey } from '../../features/content/hooks/use-site-chrome.ts';
import { primaryPaths } from '../../features/content/hooks/use-site-chrome.ts';

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
  key === 'community' && isMember ? '/community/tijdlijn' : primaryPaths[key];

/** The link of the section the current page belongs to is shown in bold. */
export function isCurrentSection(key: PrimaryKey, pathname: string): boolean {
  const path = primaryPaths[key];
  if (path === '/') return pathname === '/';
  return pathname === path || pathname.startsWith(`${path}/`);
}
