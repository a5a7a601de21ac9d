import { Page } from '../../../components/ui/page.tsx';
import { membersOrderOf, membersPage } from '../../../features/community/api/members.ts';
import { MembersList } from '../../../features/community/components/members-list.tsx';
import type { PreloadSource } from '../../../lib/preload.ts';
import { nlMembers } from '../../../messages/community.ts';

/** The first page of members, as MembersList asks for it (app/layout/member-boot.ts). */
export const preloadData = (_: unknown, search: URLSearchParams): PreloadSource[] => [
  membersPage(membersOrderOf(search), null),
];

export default function MembersPage() {
  return (
    <Page title={nlMembers.title} narrow>
      <MembersList />
    </Page>
  );
}
