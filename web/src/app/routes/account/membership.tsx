import { Page, sectionStyle } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { MembershipDetails } from '../../../features/membership/components/membership-details.tsx';
import { MembershipOverview } from '../../../features/membership/components/membership-overview.tsx';
import { useAccount } from '../../../lib/auth.tsx';
import { nlMembership } from '../../../messages/membership.ts';

export default function MembershipPage() {
  const { data, refresh } = useAccount();
  const membership = data?.membership;
  return (
    <Page title={nlMembership.title} narrow>
      <section>
        <h2>{nlMembership.subscription}</h2>
        <MembershipOverview onChanged={refresh} />
      </section>
      <section css={sectionStyle}>
        <h2>{nlMembership.personalDetails}</h2>
        {membership ? <MembershipDetails membership={membership} onSaved={refresh} /> : <Spinner size={32} />}
      </section>
    </Page>
  );
}
