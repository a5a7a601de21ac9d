import { Page } from '../../../components/ui/page.tsx';
import { MembershipOverview } from '../../../features/membership/components/membership-overview.tsx';
import { useAccount } from '../../../lib/auth.tsx';
import { nlMembership } from '../../../messages/membership.ts';

export default function MembershipPage() {
  const { refresh } = useAccount();
  return (
    <Page title={nlMembership.title} narrow>
      <MembershipOverview onChanged={refresh} />
    </Page>
  );
}
