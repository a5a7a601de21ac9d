import { isAdmin, isModerator } from '@kring/contract/roles';
import { useState } from 'react';
import { Page, sectionStyle } from '../../../components/ui/page.tsx';
import { ModerationLog, ModerationQueue } from '../../../features/moderation/moderation-queue.tsx';
import { useAccount } from '../../../lib/auth.tsx';
import { nlModeration } from '../../../messages/moderation.ts';
import NotFound from '../public/not-found.tsx';

/** /community/moderatie: the report queue and the moderation log, for moderators and admins. */
export default function ModerationPage() {
  const account = useAccount().data;
  const [version, setVersion] = useState(0);
  const role = account?.role;
  if (!isModerator(role)) return <NotFound />;
  return (
    <Page title={nlModeration.title} narrow>
      <section>
        <h2>{nlModeration.queueTitle}</h2>
        <ModerationQueue isAdmin={isAdmin(role)} onChange={() => setVersion((v) => v + 1)} />
      </section>
      <section css={sectionStyle}>
        <h2>{nlModeration.logTitle}</h2>
        <ModerationLog version={version} />
      </section>
    </Page>
  );
}
