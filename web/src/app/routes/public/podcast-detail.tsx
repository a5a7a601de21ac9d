import { css } from '@emotion/react';
import { Link, useParams } from 'react-router-dom';
import { Markdown } from '../../../components/ui/markdown.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { colors } from '../../../components/ui/theme.ts';
import { useContentEntry } from '../../../features/content/api/get-content.ts';
import { AudioPlayer } from '../../../features/content/components/audio-player.tsx';
import { ContentState } from '../../../features/content/components/content-state.tsx';
import { formatDate } from '../../../lib/format.ts';
import { nlContent } from '../../../messages/content.ts';

export default function PodcastDetailPage() {
  const { slug } = useParams();
  const { data, error } = useContentEntry('podcasts', slug);
  const podcast = data?.data;
  return (
    <Page title={podcast?.title} narrow>
      <p>
        <Link to="/podcasts">{nlContent.backToPodcasts}</Link>
      </p>
      <ContentState data={podcast} error={error}>
        {(entry) => (
          <>
            <p
              css={css`
                color: ${colors.muted};
              `}
            >
              {nlContent.episode(entry.episodeNumber)}
              {entry.publishDate ? ` · ${formatDate(entry.publishDate)}` : ''}
            </p>
            <AudioPlayer src={entry.audioUrl} title={entry.title} />
            {entry.showNotes ? <Markdown source={entry.showNotes} /> : null}
          </>
        )}
      </ContentState>
    </Page>
  );
}
