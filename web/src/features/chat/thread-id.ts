/** Spec 3: a thread id is the two profile ids in ascending order joined by 'x'. */
export const threadIdOf = (a: number, b: number): string => (a < b ? `${a}x${b}` : `${b}x${a}`);

/** The other participant of a thread the member takes part in; null for any other id. */
export function otherUserOf(threadId: string, me: number): number | null {
  const match = /^([1-9][0-9]{0,14})x([1-9][0-9]{0,14})$/.exec(threadId);
  if (!match) return null;
  const [low, high] = [Number(match[1]), Number(match[2])];
  if (low >= high) return null;
  if (low === me) return high;
  if (high === me) return low;
  return null;
}
