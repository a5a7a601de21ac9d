import { css } from '@emotion/react';
import { Link, useParams } from 'react-router-dom';
import { Markdown } from '../../../components/ui/markdown.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { colors } from '../../../components/ui/theme.ts';
import { useContentEntry } from '../../../features/content/api/get-content.ts';
import { AudioPlayer } from '../../../features/content/components/audio-player.tsx';
import { ContentState } from '../../../features/content/components/content-state.tsx';
import { formatDate } from '../../../lib/format.ts';
import { nl } from '../../../messages/nl.ts';

export default function PodcastDetailPage() {
  const { slug } = useParams();
  const { data, error } = useContentEntry('podcasts', slug);
  const podcast = data?.data;
  return (
    <Page title={podcast?.title} narrow>
      <p>
        <Link to="/podcasts">{nl.content.backToPodcasts}</Link>
      </p>
      <ContentState data={podcast} error={error}>
        {(entry) => (
          <>
            <p
              css={css`
                color: ${colors.muted};
              `}
            >
              {nl.content.episode(entry.episodeNumber)}
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
