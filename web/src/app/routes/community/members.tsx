import { Page } from '../../../components/ui/page.tsx';
import { MembersList } from '../../../features/community/components/members-list.tsx';
import { nlMembers } from '../../../messages/community.ts';

export default function MembersPage() {
  return (
    <Page title={nlMembers.title} narrow>
      <MembersList />
    </Page>
  );
}
