/** Research publications, newest first. */
import { useContentEntry, useContentList } from './get-content.ts';

export const useResearchList = (limit = 100) =>
  useContentList('researches', `sort=publishDate:desc&pagination[pageSize]=${limit}`);

export const useResearch = (slug: string | undefined) => useContentEntry('researches', slug);
