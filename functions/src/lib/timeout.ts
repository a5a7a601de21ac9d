/** What `waitAtMost` answers when the work did not settle in time. */
export const timedOut: unique symbol = Symbol('timedOut');

/**
 * Waits for `work` at most `ms`: its value, or `timedOut`. For calls to Firebase after a commit,
 * whose SDKs keep trying in the background: the call answers anyway, the work may still land later
 * (and a later failure of it is dropped). A failure within the time is thrown as usual.
 */
export async function waitAtMost<T>(work: Promise<T>, ms: number): Promise<T | typeof timedOut> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof timedOut>((resolve) => {
    timer = setTimeout(() => resolve(timedOut), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
