import { css } from '@emotion/react';
import { Markdown } from '../../../components/ui/markdown.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { useSingleContent } from '../../../features/content/api/get-content.ts';
import { ContentState } from '../../../features/content/components/content-state.tsx';
import { nl } from '../../../messages/nl.ts';

export default function AboutPage() {
  const { data, error } = useSingleContent('about-page');
  const about = data?.data;
  return (
    <Page title={about?.title ?? (error ? nl.nav.aboutUs : null)} narrow>
      <ContentState data={about} error={error}>
        {(page) => (
          <>
            {page.intro ? (
              <p
                css={css`
                  font-size: 20px;
                `}
              >
                {page.intro}
              </p>
            ) : null}
            {page.image ? (
              <img
                src={page.image}
                alt={page.imageAlt ?? ''}
                css={css`
                  width: 100%;
                  height: auto;
                  border-radius: 12px;
                `}
              />
            ) : null}
            <Markdown source={page.body} />
          </>
        )}
      </ContentState>
    </Page>
  );
}
