import { css } from '@emotion/react';
import { useParams } from 'react-router-dom';
import { Markdown } from '../../../components/ui/markdown.tsx';
import { colors } from '../../../components/ui/theme.ts';
import { usePodcast } from '../../../features/content/api/podcasts.ts';
import { AudioPlayer } from '../../../features/content/components/audio-player.tsx';
import { ContentDetail } from '../../../features/content/components/content-detail.tsx';
import { formatDate } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { nlContent } from '../../../messages/content.ts';

export default function PodcastDetailPage() {
  const { slug } = useParams();
  return (
    <ContentDetail
      result={usePodcast(slug)}
      back={{ label: nlContent.backToPodcasts, to: paths.podcasts.list }}
    >
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
    </ContentDetail>
  );
}
