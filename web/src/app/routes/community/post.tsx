import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page.tsx';
import { PostView } from '../../../features/community/components/post-view.tsx';
import { nl } from '../../../messages/nl.ts';

const toId = (value: string | null | undefined) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

export default function PostPage() {
  const { postId } = useParams();
  const [params] = useSearchParams();
  return (
    <Page narrow>
      <p>
        <Link to="/community/tijdlijn">{nl.community.backToTimeline}</Link>
      </p>
      <PostView postId={toId(postId)} highlightCommentId={toId(params.get('showComment'))} />
    </Page>
  );
}
