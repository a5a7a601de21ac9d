/** The programme: upcoming events soonest first, past events latest first. */
import { useContentEntry, useContentList } from './get-content.ts';

// The moment the page was opened, rounded to the minute so the content cache key stays stable.
const nowIso = () => new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();

export const useUpcomingEvents = (limit = 50) =>
  useContentList(
    'events',
    `filters[startsAt][$gte]=${nowIso()}&sort=startsAt:asc&pagination[pageSize]=${limit}`,
  );

export const usePastEvents = (limit = 50) =>
  useContentList(
    'events',
    `filters[startsAt][$lt]=${nowIso()}&sort=startsAt:desc&pagination[pageSize]=${limit}`,
  );

export const useEvent = (slug: string | undefined) => useContentEntry('events', slug);
