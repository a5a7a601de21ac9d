import { css } from '@emotion/react';
import { Link, useParams } from 'react-router-dom';
import { Markdown } from '../../../components/ui/markdown.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { colors } from '../../../components/ui/theme.ts';
import { useContentEntry } from '../../../features/content/api/get-content.ts';
import { ContentState } from '../../../features/content/components/content-state.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { nlContent } from '../../../messages/content.ts';

export default function EventDetailPage() {
  const { slug } = useParams();
  const { data, error } = useContentEntry('events', slug);
  const event = data?.data;
  return (
    <Page title={event?.title} narrow>
      <p>
        <Link to="/programma">{nlContent.backToEvents}</Link>
      </p>
      <ContentState data={event} error={error}>
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
            {entry.coverImage ? (
              <img
                src={entry.coverImage}
                alt={entry.coverImageAlt ?? ''}
                css={css`
                  width: 100%;
                  height: auto;
                  border-radius: 12px;
                `}
              />
            ) : null}
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
      </ContentState>
    </Page>
  );
}
