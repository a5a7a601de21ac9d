import { Page } from '../../../components/ui/page.tsx';
import { usePodcasts } from '../../../features/content/api/podcasts.ts';
import { ContentList } from '../../../features/content/components/content-list.tsx';
import { PodcastEpisode } from '../../../features/content/components/podcast-episode.tsx';
import { nlContent } from '../../../messages/content.ts';
import { nl } from '../../../messages/nl.ts';

/** All episodes, newest first, each with its own player. */
export default function PodcastsPage() {
  return (
    <Page title={nl.nav.podcasts} narrow>
      <ContentList result={usePodcasts()} empty={nlContent.empty} layout="rows">
        {(podcast) => <PodcastEpisode podcast={podcast} />}
      </ContentList>
    </Page>
  );
}
