import { useParams } from 'react-router-dom';
import { routeForState } from '../../../features/auth/account-state.ts';
import { useAccountState } from '../../../features/auth/hooks/use-account-state.ts';
import {
  ArticleCommunity,
  type CommunityAccess,
} from '../../../features/community/components/article-community.tsx';
import { useArticle } from '../../../features/content/api/articles.ts';
import type { Article } from '../../../features/content/api/types.ts';
import { ArticleBody } from '../../../features/content/components/article-body.tsx';
import { ContentDetail } from '../../../features/content/components/content-detail.tsx';
import { articleMeta } from '../../../features/content/meta.ts';
import { paths } from '../../../lib/paths.ts';
import { nlContent } from '../../../messages/content.ts';

const back = { label: nlContent.backToArticles, to: paths.articles.list };

/** Members (member role and a profile) read and start the article's discussion; others are invited. */
function useCommunityAccess(): CommunityAccess {
  const { state, account } = useAccountState();
  if (state === 'Loading') return { kind: 'loading' };
  if (account && account.role >= 1 && account.profile) return { kind: 'member' };
  if (state === 'Blank' || state === 'PersonalDetailsComplete') return { kind: 'visitor' };
  return { kind: 'incomplete', continueTo: routeForState[state] };
}

function ArticleWithCommunity({ entry }: { entry: Article }) {
  const access = useCommunityAccess();
  return (
    <>
      <ArticleBody entry={entry} />
      <ArticleCommunity articleSlug={entry.slug} access={access} />
    </>
  );
}

/** An article of the knowledge base, with what the community says about it. */
export default function ArticleDetailPage() {
  const article = useArticle(useParams().slug);
  return <ContentDetail result={article} back={back} body={ArticleWithCommunity} meta={articleMeta} />;
}
