import { css } from '@emotion/react';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Markdown } from '../../../components/ui/markdown.tsx';
import { fontSize, mq } from '../../../components/ui/theme.ts';
import { isJoinLink } from '../../../lib/paths.ts';
import type { Homepage } from '../api/types.ts';
import { CoverImage } from './cover-image.tsx';

/** The home page's title, introduction, call to action and hero image from the CMS. */
export function HomeHero({ homepage, isMember = false }: { homepage: Homepage; isMember?: boolean }) {
  // A member is not asked to become one (the CMS's call to action is usually 'Lid worden').
  const cta =
    homepage.callToActionLabel &&
    homepage.callToActionUrl &&
    !(isMember && isJoinLink(homepage.callToActionUrl))
      ? { label: homepage.callToActionLabel, to: homepage.callToActionUrl }
      : null;
  return (
    <section
      css={css`
        display: grid;
        gap: 24px;
        align-items: center;
        ${mq.large} {
          grid-template-columns: 1fr 1fr;
        }
      `}
    >
      <div>
        <h1
          css={css`
            font-size: ${fontSize.hero};
            ${mq.large} {
              font-size: ${fontSize.heroLarge};
            }
          `}
        >
          {homepage.title}
        </h1>
        <Markdown source={homepage.intro} />
        {cta ? (
          <p>
            <ButtonLink to={cta.to}>{cta.label}</ButtonLink>
          </p>
        ) : null}
      </div>
      <CoverImage src={homepage.heroImage} alt={homepage.heroImageAlt} />
    </section>
  );
}
