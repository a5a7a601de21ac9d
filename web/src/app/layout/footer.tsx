import { Link } from 'react-router-dom';
import { SmartLink } from '../../components/ui/smart-link.tsx';
import { bareList, container } from '../../components/ui/theme.ts';
import { useAccountState } from '../../features/auth/hooks/use-account-state.ts';
import { type SiteChrome, useSiteChrome } from '../../features/content/hooks/use-site-chrome.ts';
import { analyticsConfigured } from '../../lib/analytics.ts';
import { cookieChoice } from '../../lib/consent.ts';
import { nlConsent } from '../../messages/consent.ts';
import { nl } from '../../messages/nl.ts';
import * as s from './footer.styles.ts';
import { footerOrder, pathFor } from './nav-links.ts';
import { SocialLinks } from './social-links.tsx';

/** The CMS's footer link about cookies (label 'Cookies', or a link to a #cookies section). */
const isCookieLink = (link: { label: string; url: string }) =>
  link.label.trim().toLowerCase() === nlConsent.footerLink.toLowerCase() || /#cookies$/i.test(link.url);

/** The CMS's secondary footer links; 'Cookies' opens the consent choice again when analytics is on. */
function SecondaryLinks({ links }: { links: SiteChrome['secondaryFooter'] }) {
  return (
    <ul css={bareList}>
      {links.map((link) => (
        <li key={`${link.label}-${link.url}`}>
          {isCookieLink(link) && analyticsConfigured() ? (
            // The footer's 'Cookies' opens the consent choice again (and its page says more).
            <button type="button" onClick={() => cookieChoice.open()} css={[s.link, s.buttonAsLink]}>
              {link.label}
            </button>
          ) : (
            <SmartLink href={link.url} css={s.link}>
              {link.label}
            </SmartLink>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Address, the five primary links, secondary footer links and social icons (spec 2). */
export function Footer() {
  const chrome = useSiteChrome();
  const { state } = useAccountState();
  const isMember = state === 'ProfileComplete';

  return (
    <footer css={s.footer}>
      <div css={[container, s.columns]}>
        <div>
          <p css={s.name}>Kring</p>
          <address css={s.address}>
            {chrome.address}
            <br />
            {chrome.postalCode}
          </address>
        </div>
        <nav aria-label={nl.nav.footerLabel}>
          <ul css={bareList}>
            {footerOrder.map((key) => (
              <li key={key}>
                <Link to={pathFor(key, isMember)} css={s.link}>
                  {chrome.primary[key]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          {chrome.secondaryFooter.length ? <SecondaryLinks links={chrome.secondaryFooter} /> : null}
          <div css={s.socials}>
            <SocialLinks socials={chrome.socials} />
          </div>
        </div>
      </div>
    </footer>
  );
}
