/** Podcast episodes, newest (highest episode number) first. */
import { useContentEntry, useContentList } from './get-content.ts';

export const usePodcasts = (limit = 100) =>
  useContentList('podcasts', `sort=episodeNumber:desc&pagination[pageSize]=${limit}`);

export const usePodcast = (slug: string | undefined) => useContentEntry('podcasts', slug);
