/** The programme: upcoming events soonest first, past events latest first. */
import { useContentEntry, useContentList, useContentNow } from './get-content.ts';

// "Now" is the moment the page was rendered, rounded to the minute (get-content.ts), so the
// server's query and the hydrating browser's are the same URL.
export const useUpcomingEvents = (limit = 50) =>
  useContentList(
    'events',
    `filters[startsAt][$gte]=${useContentNow()}&sort=startsAt:asc&pagination[pageSize]=${limit}`,
  );

export const usePastEvents = (limit = 50) =>
  useContentList(
    'events',
    `filters[startsAt][$lt]=${useContentNow()}&sort=startsAt:desc&pagination[pageSize]=${limit}`,
  );

export const useEvent = (slug: string | undefined) => useContentEntry('events', slug);
