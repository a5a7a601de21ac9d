import { isMember } from '@kring/contract/roles';
import { routeForState } from '../../../features/auth/account-state.ts';
import { useAccountState } from '../../../features/auth/hooks/use-account-state.ts';
import {
  ArticleCommunity,
  type CommunityAccess,
} from '../../../features/community/components/article-community.tsx';

/** Members (member role and a profile) read and start the article's discussion; others are invited. */
function useCommunityAccess(): CommunityAccess {
  const { state, account } = useAccountState();
  if (state === 'Loading') return { kind: 'loading' };
  if (account && isMember(account.role) && account.profile) return { kind: 'member' };
  if (state === 'Blank' || state === 'PersonalDetailsComplete') return { kind: 'visitor' };
  return { kind: 'incomplete', continueTo: routeForState[state] };
}

/** What the community says about the article (loaded when the browser is idle: article-detail.tsx). */
export default function ArticleCommunitySlot({ articleSlug }: { articleSlug: string }) {
  return <ArticleCommunity articleSlug={articleSlug} access={useCommunityAccess()} />;
}
