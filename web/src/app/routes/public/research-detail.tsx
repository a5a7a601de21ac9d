import { css } from '@emotion/react';
import { Link, useParams } from 'react-router-dom';
import { Markdown } from '../../../components/ui/markdown.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { colors } from '../../../components/ui/theme.ts';
import { useContentEntry } from '../../../features/content/api/get-content.ts';
import { ContentState } from '../../../features/content/components/content-state.tsx';
import { formatDate } from '../../../lib/format.ts';
import { nlContent } from '../../../messages/content.ts';

export default function ResearchDetailPage() {
  const { slug } = useParams();
  const { data, error } = useContentEntry('researches', slug);
  const research = data?.data;
  return (
    <Page title={research?.title} narrow>
      <p>
        <Link to="/onderzoeken">{nlContent.backToResearch}</Link>
      </p>
      <ContentState data={research} error={error}>
        {(entry) => (
          <article>
            {entry.publishDate ? (
              <p
                css={css`
                  color: ${colors.muted};
                `}
              >
                {formatDate(entry.publishDate)}
              </p>
            ) : null}
            <p
              css={css`
                font-size: 20px;
              `}
            >
              {entry.summary}
            </p>
            {entry.body ? <Markdown source={entry.body} /> : null}
            <p
              css={css`
                display: flex;
                gap: 16px;
                flex-wrap: wrap;
              `}
            >
              {entry.pdfUrl ? (
                <a href={entry.pdfUrl} download>
                  {nlContent.downloadPdf}
                </a>
              ) : null}
              {entry.externalUrl ? (
                <a href={entry.externalUrl} rel="noopener noreferrer">
                  {nlContent.externalLink}
                </a>
              ) : null}
            </p>
          </article>
        )}
      </ContentState>
    </Page>
  );
}
