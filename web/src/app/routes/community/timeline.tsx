import { Page } from '../../../components/ui/page.tsx';
import { Timeline } from '../../../features/community/components/timeline.tsx';
import { nl } from '../../../messages/nl.ts';

export default function TimelinePage() {
  return (
    <Page title={nl.community.timelineTitle} narrow>
      <Timeline />
    </Page>
  );
}
