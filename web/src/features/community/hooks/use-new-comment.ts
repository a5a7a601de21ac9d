import { useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { useDraft, useLeaveGuard } from '../../../lib/drafts.ts';
import { errorText } from '../../../lib/error-text.ts';
import { nlPostPage } from '../../../messages/community.ts';
import { useThread } from '../components/thread-context.ts';

/**
 * The comment box under a post: `send` empties it at once and announces the sent comment; a failure
 * puts the text back (unless the member already started a new one) with the server's reason. The
 * text is a draft in the browser per post (lib/drafts.ts), and leaving with it asks first.
 */
export function useNewComment() {
  const { actions, announce, post } = useThread();
  const draft = useDraft(`comment:${post.id}`);
  const text = draft.text;
  useLeaveGuard(text.trim() !== '');
  const [error, setError] = useState<string | null>(null);

  const send = (content: string) => {
    draft.clear();
    setError(null);
    actions
      .send(null, content)
      .then(() => announce(nlPostPage.sent))
      .catch((failure: unknown) => {
        // The text comes back unless the member already started a new one.
        if (draft.current() === '') draft.set(content);
        setError(
          (failure instanceof ApiError && failure.issueFor('content')) ||
            errorText(failure, nlPostPage.commentFailed),
        );
      });
  };
  const change = (value: string) => {
    draft.set(value);
    if (error) setError(null);
  };
  return { text, error, send, change };
}
