import { useEffect } from 'react';
import { nl } from '../messages/nl.ts';

/** Sets the document title; without a page title it falls back to the product title (spec 2). */
export function usePageTitle(title?: string | null) {
  useEffect(() => {
    document.title = title ? `${title} | ${nl.site.defaultTitle}` : nl.site.defaultTitle;
  }, [title]);
}
