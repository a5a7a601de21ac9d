import { useParams } from 'react-router-dom';
import { useEvent } from '../../../features/content/api/events.ts';
import { ContentDetail } from '../../../features/content/components/content-detail.tsx';
import { EventBody } from '../../../features/content/components/event-body.tsx';
import { paths } from '../../../lib/paths.ts';
import { nlContent } from '../../../messages/content.ts';

const back = { label: nlContent.backToEvents, to: paths.events.list };

/** An event of the programme. */
export default function EventDetailPage() {
  const event = useEvent(useParams().slug);
  return <ContentDetail result={event} back={back} body={EventBody} kind="event" />;
}
