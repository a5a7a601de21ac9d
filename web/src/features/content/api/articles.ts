/** The knowledge base's articles, newest first (Strapi REST query strings live here only). */
import { useContentEntry, useContentList } from './get-content.ts';

/** The newest `limit` articles; the knowledge base page shows them all. */
export const useArticles = (limit = 100) =>
  useContentList('articles', `sort=publishDate:desc&pagination[pageSize]=${limit}`);

export const useArticle = (slug: string | undefined) => useContentEntry('articles', slug);
