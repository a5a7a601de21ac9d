import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import { colors, fontSize } from '../../../components/ui/theme.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { paths } from '../../../lib/paths.ts';
import { nlContent } from '../../../messages/content.ts';
import type { Podcast } from '../api/types.ts';
import { AudioPlayer } from './audio-player.tsx';

/** One episode of the podcast list: number, date, duration, title and its own player. */
export function PodcastEpisode({ podcast }: { podcast: Podcast }) {
  return (
    <>
      <p
        css={css`
          margin: 0;
          color: ${colors.muted};
        `}
      >
        {nlContent.episode(podcast.episodeNumber)}
        {podcast.publishDate ? ` · ${formatDate(podcast.publishDate)}` : ''}
        {podcast.durationSeconds ? ` · ${nlContent.duration(Math.round(podcast.durationSeconds / 60))}` : ''}
      </p>
      <h2
        css={css`
          margin: 4px 0;
          font-size: ${fontSize.xl};
        `}
      >
        <Link to={paths.podcasts.detail(podcast.slug)}>{podcast.title}</Link>
      </h2>
      <AudioPlayer src={podcast.audioUrl} title={podcast.title} />
    </>
  );
}
