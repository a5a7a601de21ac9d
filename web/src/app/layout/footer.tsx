import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import { SmartLink } from '../../components/ui/smart-link.tsx';
import { bareList, colors, container, fontSize, mq } from '../../components/ui/theme.ts';
import { useAccountState } from '../../features/auth/hooks/use-account-state.ts';
import { useSiteChrome } from '../../features/content/hooks/use-site-chrome.ts';
import { analyticsConfigured } from '../../lib/analytics.ts';
import { cookieChoice } from '../../lib/consent.ts';
import { nlConsent } from '../../messages/consent.ts';
import { nl } from '../../messages/nl.ts';
import { footerOrder, pathFor } from './nav-links.ts';
import { SocialLinks } from './social-links.tsx';

/** Light text on the primary-coloured footer. */
const footerText = colors.surface;

/** The CMS's footer link about cookies (label 'Cookies', or a link to a #cookies section). */
const isCookieLink = (link: { label: string; url: string }) =>
  link.label.trim().toLowerCase() === nlConsent.footerLink.toLowerCase() || /#cookies$/i.test(link.url);

const buttonAsLink = css`
  background: none;
  border: 0;
  font: inherit;
  text-decoration: underline;
  cursor: pointer;
  text-align: left;
`;

/** Address, the five primary links, secondary footer links and social icons (spec 2). */
export function Footer() {
  const chrome = useSiteChrome();
  const { state } = useAccountState();
  const isMember = state === 'ProfileComplete';
  const linkStyle = css`
    color: ${footerText};
    display: inline-block;
    padding: 6px 0;
  `;

  return (
    <footer
      css={css`
        margin-top: 64px;
        background: ${colors.primary};
        color: ${footerText};
        padding: 40px 0 24px;
      `}
    >
      <div
        css={[
          container,
          css`
            display: grid;
            gap: 24px;
            ${mq.medium} {
              grid-template-columns: 1fr 1fr 1fr;
            }
          `,
        ]}
      >
        <div>
          <p
            css={css`
              font-size: ${fontSize.xxl};
              font-weight: 800;
              margin: 0 0 8px;
            `}
          >
            Kring
          </p>
          <address
            css={css`
              font-style: normal;
            `}
          >
            {chrome.address}
            <br />
            {chrome.postalCode}
          </address>
        </div>
        <nav aria-label={nl.nav.footerLabel}>
          <ul css={bareList}>
            {footerOrder.map((key) => (
              <li key={key}>
                <Link to={pathFor(key, isMember)} css={linkStyle}>
                  {chrome.primary[key]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          {chrome.secondaryFooter.length ? (
            <ul css={bareList}>
              {chrome.secondaryFooter.map((link) => (
                <li key={`${link.label}-${link.url}`}>
                  {isCookieLink(link) && analyticsConfigured() ? (
                    // The footer's 'Cookies' opens the consent choice again (and its page says more).
                    <button type="button" onClick={() => cookieChoice.open()} css={[linkStyle, buttonAsLink]}>
                      {link.label}
                    </button>
                  ) : (
                    <SmartLink href={link.url} css={linkStyle}>
                      {link.label}
                    </SmartLink>
                  )}
                </li>
              ))}
            </ul>
          ) : null}
          <div
            css={css`
              margin-left: -16px;
            `}
          >
            <SocialLinks socials={chrome.socials} />
          </div>
        </div>
      </div>
    </footer>
  );
}
