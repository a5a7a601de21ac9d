/**
 * When the page's first real content is in (issue 26): the signed-in header's live parts (the bell,
 * the chat button and the Realtime Database they read) load after it, so their code does not compete
 * with the page's own code, data and rendering on a phone. First content is an element marked
 * `data-content` (a post card, a post's title, a member card); a page without one waits at most
 * MAX_WAIT_MS. Then one frame more, so the content is painted first.
 */
const CONTENT = '[data-content]';
export const MAX_WAIT_MS = 1500;

let reached: Promise<void> | undefined;

function contentOrTimeout(): Promise<void> {
  return new Promise((resolve) => {
    if (document.querySelector(CONTENT)) return resolve();
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new MutationObserver(() => {
      if (document.querySelector(CONTENT)) done();
    });
    const timer = setTimeout(done, MAX_WAIT_MS);
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

/** Resolves once per page load, after the first content was painted (or MAX_WAIT_MS without it). */
export function afterFirstContent(): Promise<void> {
  reached ??= contentOrTimeout().then(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
  return reached;
}

/** For tests: the next page load. */
export const resetFirstContent = () => {
  reached = undefined;
};
