import { css } from '@emotion/react';
import { useParams } from 'react-router-dom';
import { Markdown } from '../../../components/ui/markdown.tsx';
import { colors } from '../../../components/ui/theme.ts';
import { useResearch } from '../../../features/content/api/research.ts';
import { ContentDetail } from '../../../features/content/components/content-detail.tsx';
import { formatDate } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { nlContent } from '../../../messages/content.ts';

export default function ResearchDetailPage() {
  const { slug } = useParams();
  return (
    <ContentDetail
      result={useResearch(slug)}
      back={{ label: nlContent.backToResearch, to: paths.research.list }}
    >
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
    </ContentDetail>
  );
}
