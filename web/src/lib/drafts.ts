/**
 * Drafts of what a member writes (a new post, a comment or reply, a chat message), kept in this
 * browser's localStorage as they type, so a reload or a wrong click loses nothing. Each draft is
 * stored under the signed-in account's uid and its place (`post:new`, `comment:42`, `chat:3x7`), so
 * another account on the same browser never sees it; sign-out removes them all (`clearDrafts`), a
 * send removes its own. Leaving the page with a draft asks first (useLeaveGuard).
 */
import { useCallback, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useAuth } from './auth.tsx';
import { readDraft, subscribe, writeDraft } from './draft-store.ts';
import { unsentText as unsaved } from './unsent-text.ts';

export { clearDrafts } from './draft-store.ts';

/**
 * A text draft for `place` of the signed-in member: [text, setText, clear]. Without a sign-in (or
 * while it loads) the text is empty and nothing is stored.
 */
export function useDraft(place: string) {
  const uid = useAuth().user?.uid ?? null;
  const text = useSyncExternalStore(
    subscribe,
    () => readDraft(uid, place) ?? '',
    () => '',
  );
  const set = useCallback((next: string) => writeDraft(uid, place, next), [uid, place]);
  const clear = useCallback(() => writeDraft(uid, place, null), [uid, place]);
  /** The stored text now (for a callback that runs after the member may have typed on). */
  const current = useCallback(() => readDraft(uid, place) ?? '', [uid, place]);
  return { text, set, clear, current };
}

/**
 * A structured draft (a post's title, text and topics) as JSON under `place`: read once when the
 * component mounts (the editor owns the text from then on, so typing re-renders nothing else), and
 * written with `set`.
 */
export function useJsonDraft<T>(place: string | null, parse: (raw: unknown) => T | null) {
  const uid = useAuth().user?.uid ?? null;
  const [value] = useState<T | null>(() => {
    const raw = place ? readDraft(uid, place) : null;
    try {
      return raw === null ? null : parse(JSON.parse(raw));
    } catch {
      return null;
    }
  });
  const set = useCallback(
    (next: T | null) => {
      if (place) writeDraft(uid, place, next === null ? null : JSON.stringify(next));
    },
    [uid, place],
  );
  return { value, uid, set };
}

// ---- Asking before leaving a page with unsent text ----

/** Dutch: what the in-app question says (the browser words its own for a reload or a closed tab). */
export const leaveQuestion =
  'Je hebt tekst die nog niet is verstuurd of opgeslagen. Wil je deze pagina verlaten?';

const onBeforeUnload = (event: BeforeUnloadEvent) => {
  if (unsaved.size === 0) return;
  event.preventDefault();
  // Older Chromium needs returnValue set to show the dialog.
  event.returnValue = '';
};

/** A click on a link to another page of this site while text is unsent: ask first (capture phase,
 * before React Router's Link sees it; a cancelled click is prevented, so Link does not navigate). */
const onClick = (event: MouseEvent) => {
  if (unsaved.size === 0 || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self')) return;
  if (anchor.hasAttribute('download')) return;
  const to = new URL(anchor.href, window.location.href);
  if (to.origin !== window.location.origin) return;
  if (to.pathname === window.location.pathname && to.search === window.location.search) return;
  if (!window.confirm(leaveQuestion)) {
    event.preventDefault();
    event.stopPropagation();
  }
};

const update = () => {
  if (unsaved.size > 0) {
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
  } else {
    window.removeEventListener('beforeunload', onBeforeUnload);
    document.removeEventListener('click', onClick, true);
  }
};

/** While `dirty`, leaving the page (a link, a reload, closing the tab) asks first. */
export function useLeaveGuard(dirty: boolean) {
  const id = useId();
  useEffect(() => {
    if (!dirty) return;
    unsaved.add(id);
    update();
    return () => {
      unsaved.delete(id);
      update();
    };
  }, [dirty, id]);
}
