import { Page } from '../../../components/ui/page.tsx';
import { Timeline } from '../../../features/community/components/timeline.tsx';
import { nlCommunity } from '../../../messages/community.ts';

export default function TimelinePage() {
  return (
    <Page title={nlCommunity.timelineTitle}>
      <Timeline />
    </Page>
  );
}
