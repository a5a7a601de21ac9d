import { css } from '@emotion/react';
import { iconControl } from '../../components/ui/button.tsx';
import { SmartLink } from '../../components/ui/smart-link.tsx';
import { SocialIcon } from '../../components/ui/social-icon.tsx';
import type { SiteChrome } from '../../features/content/hooks/use-site-chrome.ts';
import { nl } from '../../messages/nl.ts';

/** Twitter, Facebook, Instagram, LinkedIn and e-mail icons from the CMS navigation (spec 2). */
export function SocialLinks({ socials, onClick }: { socials: SiteChrome['socials']; onClick?: () => void }) {
  if (socials.length === 0) return null;
  return (
    <ul
      aria-label={nl.nav.socialLabel}
      css={css`
        display: flex;
        gap: 8px;
        list-style: none;
        margin: 0;
        padding: 16px;
      `}
    >
      {socials.map((social) => (
        <li key={social.type}>
          <SmartLink
            href={social.path}
            onClick={onClick}
            aria-label={nl.nav.social[social.type] ?? social.type}
            css={[iconControl, onAnyBackground]}
          >
            <SocialIcon type={social.type} />
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}

/** An icon control in the colours of wherever the links stand (the footer, the mobile menu). */
const onAnyBackground = css`
  color: inherit;
  &:hover {
    background: rgba(127, 127, 127, 0.15);
  }
`;
