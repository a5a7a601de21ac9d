import { useSWRConfig } from 'swr';
import { Page } from '../../../components/ui/page.tsx';
import { USER_KEY } from '../../../features/auth/api/get-user-account.ts';
import { MembershipOverview } from '../../../features/membership/components/membership-overview.tsx';
import { nlMembership } from '../../../messages/membership.ts';

export default function MembershipPage() {
  const { mutate } = useSWRConfig();
  return (
    <Page title={nlMembership.title} narrow>
      <MembershipOverview onChanged={() => mutate(USER_KEY)} />
    </Page>
  );
}
