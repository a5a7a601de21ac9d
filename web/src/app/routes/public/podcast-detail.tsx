import { useParams } from 'react-router-dom';
import { usePodcast } from '../../../features/content/api/podcasts.ts';
import { ContentDetail } from '../../../features/content/components/content-detail.tsx';
import { PodcastBody } from '../../../features/content/components/podcast-body.tsx';
import { paths } from '../../../lib/paths.ts';
import { nlContent } from '../../../messages/content.ts';

const back = { label: nlContent.backToPodcasts, to: paths.podcasts.list };

/** A podcast episode. */
export default function PodcastDetailPage() {
  const podcast = usePodcast(useParams().slug);
  return <ContentDetail result={podcast} back={back} body={PodcastBody} kind="podcast" />;
}
