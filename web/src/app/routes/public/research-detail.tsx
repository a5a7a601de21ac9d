import { useParams } from 'react-router-dom';
import { useResearch } from '../../../features/content/api/research.ts';
import { ContentDetail } from '../../../features/content/components/content-detail.tsx';
import { ResearchBody } from '../../../features/content/components/research-body.tsx';
import { paths } from '../../../lib/paths.ts';
import { nlContent } from '../../../messages/content.ts';

const back = { label: nlContent.backToResearch, to: paths.research.list };

/** A research publication. */
export default function ResearchDetailPage() {
  const research = useResearch(useParams().slug);
  return <ContentDetail result={research} back={back} body={ResearchBody} kind="research" />;
}
