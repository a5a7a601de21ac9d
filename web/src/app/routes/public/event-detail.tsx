import { css } from '@emotion/react';
import { useParams } from 'react-router-dom';
import { Markdown } from '../../../components/ui/markdown.tsx';
import { colors } from '../../../components/ui/theme.ts';
import { useEvent } from '../../../features/content/api/events.ts';
import { ContentDetail } from '../../../features/content/components/content-detail.tsx';
import { CoverImage } from '../../../features/content/components/cover-image.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { nlContent } from '../../../messages/content.ts';

export default function EventDetailPage() {
  const { slug } = useParams();
  return (
    <ContentDetail result={useEvent(slug)} back={{ label: nlContent.backToEvents, to: paths.events.list }}>
      {(entry) => (
        <>
          <p
            css={css`
              color: ${colors.muted};
            `}
          >
            <time dateTime={entry.startsAt}>{formatDateTime(entry.startsAt)}</time>
            {entry.endsAt ? (
              <>
                {' – '}
                <time dateTime={entry.endsAt}>{formatDateTime(entry.endsAt)}</time>
              </>
            ) : null}
            <br />
            {nlContent.location}: {entry.location}
          </p>
          <CoverImage src={entry.coverImage} alt={entry.coverImageAlt} />
          {entry.description ? <Markdown source={entry.description} /> : null}
          {entry.registrationUrl && new Date(entry.startsAt) > new Date() ? (
            <p>
              <a href={entry.registrationUrl} rel="noopener noreferrer">
                {nlContent.register}
              </a>
            </p>
          ) : null}
        </>
      )}
    </ContentDetail>
  );
}
