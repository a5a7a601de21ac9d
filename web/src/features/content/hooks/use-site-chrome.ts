import { nl } from '../../../messages/nl.ts';
import { useSingleContent } from '../api/get-content.ts';
import type { Navigation, NavLink, SocialType } from '../api/types.ts';

export type PrimaryKey = keyof Navigation['primary'];

export interface SiteChrome {
  primary: Record<PrimaryKey, string>;
  secondaryMenu: NavLink[];
  secondaryFooter: NavLink[];
  socials: { type: SocialType; path: string }[];
  address: string;
  postalCode: string;
}

/**
 * Labels, links and address for header and footer from the CMS, with built-in Dutch defaults so
 * the shell renders at once and still works when the CMS is unreachable.
 */
export function useSiteChrome(): SiteChrome {
  const navigation = useSingleContent('navigation').data?.data;
  const meta = useSingleContent('site-meta').data?.data;
  return {
    primary: { ...nl.nav, ...navigation?.primary },
    secondaryMenu: navigation?.secondaryMenu ?? [],
    secondaryFooter: navigation?.secondaryFooter ?? [],
    socials: navigation?.socials ?? [],
    address: meta?.address ?? nl.site.address,
    postalCode: meta?.postalCode ?? nl.site.postalCode,
  };
}
