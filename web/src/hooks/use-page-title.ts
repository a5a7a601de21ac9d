import { useContext, useEffect } from 'react';
import { documentTitle, PageMetaContext } from '../lib/page-meta.ts';

/**
 * Sets the document title; without a page title it falls back to the product title (spec 2).
 * In a server render it hands the title to the head (lib/page-meta.ts).
 */
export function usePageTitle(title?: string | null) {
  const collector = useContext(PageMetaContext);
  if (collector && title) collector.title = title;
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
