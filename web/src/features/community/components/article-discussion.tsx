/**
 * The community posts about a kennisbank article, newest first, with "Bespreek dit artikel"
 * (createArticlePost). Loaded lazily by ArticleCommunity, for members only.
 */
import { css } from '@emotion/react';
import { useId, useMemo, useState } from 'react';
import { nlComposer, nlTimeline } from '../../../messages/community.ts';
import type { PostListQuery } from '../api/cache.ts';
import { useCreateArticlePost } from '../api/create-article-post.ts';
import { Composer } from './composer.tsx';
import type { PostEditorValues } from './post-editor.tsx';
import { PostList } from './post-list.tsx';

export default function ArticleDiscussion({ articleSlug }: { articleSlug: string }) {
  const createArticlePost = useCreateArticlePost(articleSlug);
  const [generation, setGeneration] = useState(0);
  const headingId = useId();
  const query: PostListQuery = useMemo(
    () => ({ order: 'createdAt', topicId: null, articleSlug }),
    [articleSlug],
  );

  const create = async (values: PostEditorValues) => {
    await createArticlePost(values);
    setGeneration((n) => n + 1);
  };

  return (
    <section
      aria-labelledby={headingId}
      css={css`
        display: flex;
        flex-direction: column;
        gap: 16px;
      `}
    >
      <h2 id={headingId} css={{ margin: 0 }}>
        {nlTimeline.discussionTitle}
      </h2>
      <Composer
        label={nlComposer.discussArticle}
        onCreate={create}
        draftPlace={`post:article:${articleSlug}`}
      />
      <PostList
        key={generation}
        query={query}
        empty={nlTimeline.discussionEmpty}
        failed={nlTimeline.discussionFailed}
      />
    </section>
  );
}
