/**
 * A post card fetches the post page ahead (issue 26): its code once any card is in view, its data
 * (the first page of comments, as the page will ask) when the member points at, touches or focuses
 * the card. The data is kept for this member only (lib/preload.ts), once, for 15 s.
 */
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import { useAuth } from '../../../lib/auth.tsx';
import { pageCode, preloadFor } from '../../../lib/preload.ts';
import { commentPageSource } from '../api/post.ts';
import { storedOrder } from './use-sort-order.ts';

let codeAsked = false;
const askCode = () => {
  if (codeAsked || !pageCode.post) return;
  codeAsked = true;
  void pageCode.post().catch(() => {
    codeAsked = false;
  });
};

export function usePostPrefetch(postId: number): {
  ref: RefObject<HTMLElement | null>;
  prefetch: () => void;
} {
  const uid = useAuth().user?.uid ?? null;
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (codeAsked || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      askCode();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  const prefetch = useCallback(() => {
    askCode();
    if (uid === null) return;
    const source = commentPageSource({
      postId,
      order: storedOrder('comments'),
      cursor: null,
      focusCommentId: null,
    });
    preloadFor(uid, source.key, source.fetch);
  }, [uid, postId]);
  return { ref, prefetch };
}
