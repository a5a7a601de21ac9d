/** The CMS's single pages. */
import { useSingleContent } from './get-content.ts';

export const useHomepage = () => useSingleContent('homepage');

export const useAboutPage = () => useSingleContent('about-page');
