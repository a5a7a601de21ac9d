import type { ReportGroup } from '@kring/contract';
import { Link } from 'react-router-dom';
import { paths } from '../../lib/paths.ts';
import { nlModeration as t } from '../../messages/moderation.ts';
import { muted } from './moderation.styles.ts';

/** What was reported, with a link to it where it still has a page: the moderator sees it in place. */
export function ItemContext({ group }: { group: ReportGroup }) {
  const item = group.item;
  switch (item.kind) {
    case 'post':
      return (
        <>
          <Link to={paths.community.post(item.id)}>{item.title}</Link>
          <AuthorAndContent item={item} />
        </>
      );
    case 'comment':
      return (
        <>
          <Link to={paths.community.comment(item.postId, item.id)}>{t.onPost(item.postTitle)}</Link>
          {item.parentContent ? (
            <div css={muted}>
              {t.inReplyTo} “{item.parentContent.slice(0, 160)}”
            </div>
          ) : null}
          <AuthorAndContent item={item} />
        </>
      );
    case 'message':
      return (
        <>
          <div css={muted}>
            {t.by} {item.author.name} {t.to} {item.recipient.name}
          </div>
          <blockquote>{item.content}</blockquote>
        </>
      );
    case 'profile':
      return (
        <>
          <Link to={paths.community.profile(item.id)}>{item.author.name}</Link>
          <blockquote>
            {item.occupation}
            {item.occupation && item.bio ? '\n' : ''}
            {item.bio}
          </blockquote>
        </>
      );
    default:
      return <div css={muted}>{t.kinds.gone}</div>;
  }
}

/** Who wrote a post or comment (and whether it was removed already), then what they wrote. */
function AuthorAndContent({ item }: { item: Extract<ReportGroup['item'], { kind: 'post' | 'comment' }> }) {
  return (
    <>
      <div css={muted}>
        {t.by} {item.author.name}
        {item.deletedAt ? ` · ${t.alreadyRemoved}` : ''}
      </div>
      <blockquote>{item.content}</blockquote>
    </>
  );
}
