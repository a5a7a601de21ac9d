import { useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { errorText } from '../../../lib/error-text.ts';
import { nlPostPage } from '../../../messages/community.ts';
import { useThread } from '../components/thread-context.ts';

/**
 * The comment box under a post: `send` empties it at once and announces the sent comment; a failure
 * puts the text back (unless the member already started a new one) with the server's reason.
 */
export function useNewComment() {
  const { actions, announce } = useThread();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const send = (content: string) => {
    setText('');
    setError(null);
    actions
      .send(null, content)
      .then(() => announce(nlPostPage.sent))
      .catch((failure: unknown) => {
        // The text comes back unless the member already started a new one.
        setText((now) => (now === '' ? content : now));
        setError(
          (failure instanceof ApiError && failure.issueFor('content')) ||
            errorText(failure, nlPostPage.commentFailed),
        );
      });
  };
  const change = (value: string) => {
    setText(value);
    if (error) setError(null);
  };
  return { text, error, send, change };
}
