import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page.tsx';
import { colors } from '../../../components/ui/theme.ts';
import { useContentList } from '../../../features/content/api/get-content.ts';
import { AudioPlayer } from '../../../features/content/components/audio-player.tsx';
import { ContentState } from '../../../features/content/components/content-state.tsx';
import { formatDate } from '../../../lib/format.ts';
import { nlContent } from '../../../messages/content.ts';
import { nl } from '../../../messages/nl.ts';

/** All episodes, newest first, each with its own player. */
export default function PodcastsPage() {
  const { data, error } = useContentList('podcasts', 'sort=episodeNumber:desc&pagination[pageSize]=100');
  return (
    <Page title={nl.nav.podcasts} narrow>
      <ContentState data={data?.data} error={error}>
        {(podcasts) =>
          podcasts.length === 0 ? (
            <p>{nlContent.empty}</p>
          ) : (
            <ul
              css={css`
                list-style: none;
                margin: 0;
                padding: 0;
              `}
            >
              {podcasts.map((podcast) => (
                <li
                  key={podcast.documentId}
                  css={css`
                    padding: 16px 0;
                    border-bottom: 1px solid ${colors.border};
                  `}
                >
                  <p
                    css={css`
                      margin: 0;
                      color: ${colors.muted};
                    `}
                  >
                    {nlContent.episode(podcast.episodeNumber)}
                    {podcast.publishDate ? ` · ${formatDate(podcast.publishDate)}` : ''}
                    {podcast.durationSeconds
                      ? ` · ${nlContent.duration(Math.round(podcast.durationSeconds / 60))}`
                      : ''}
                  </p>
                  <h2
                    css={css`
                      margin: 4px 0;
                      font-size: 20px;
                    `}
                  >
                    <Link to={`/podcasts/${podcast.slug}`}>{podcast.title}</Link>
                  </h2>
                  <AudioPlayer src={podcast.audioUrl} title={podcast.title} />
                </li>
              ))}
            </ul>
          )
        }
      </ContentState>
    </Page>
  );
}
