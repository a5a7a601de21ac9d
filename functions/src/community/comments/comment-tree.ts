export type CommentOrder = 'points' | 'createdAt';

interface TreeRow {
  id: number;
  parent_id: number | null;
  points: number;
  created_at: Date;
  deleted_at: Date | null;
}

/**
 * Orders a post's comments depth-first: every comment is followed by its replies. Siblings go by
 * points (most first) or by time (oldest first: a conversation reads top-down); ties by time, then
 * id. A deleted comment stays as a placeholder while a reply below it is shown, and is left out
 * otherwise (also when all its replies are deleted and left out).
 */
export function flattenCommentTree<T extends TreeRow>(
  rows: T[],
  order: CommentOrder,
): { row: T; depth: number }[] {
  const children = new Map<number | null, T[]>();
  for (const row of rows) {
    const siblings = children.get(row.parent_id) ?? [];
    siblings.push(row);
    children.set(row.parent_id, siblings);
  }
  const byTime = (a: T, b: T) => a.created_at.getTime() - b.created_at.getTime() || a.id - b.id;
  const compare = order === 'points' ? (a: T, b: T) => b.points - a.points || byTime(a, b) : byTime;
  for (const siblings of children.values()) siblings.sort(compare);

  // Iterative on purpose: a chain of thousands of replies (made before nesting was capped) must not
  // overflow the call stack. Pre-order first; then, children before parents (reverse pre-order),
  // decide which comments are shown.
  const ordered: { row: T; depth: number }[] = [];
  const stack: { row: T; depth: number }[] = [];
  const pushChildren = (parentId: number | null, depth: number) => {
    const siblings = children.get(parentId) ?? [];
    for (let i = siblings.length - 1; i >= 0; i--) stack.push({ row: siblings[i]!, depth });
  };
  pushChildren(null, 0);
  for (let next = stack.pop(); next; next = stack.pop()) {
    ordered.push(next);
    pushChildren(next.row.id, next.depth + 1);
  }
  const hasShownReply = new Set<number>();
  const shown = new Array<boolean>(ordered.length);
  for (let i = ordered.length - 1; i >= 0; i--) {
    const { row } = ordered[i]!;
    shown[i] = !row.deleted_at || hasShownReply.has(row.id);
    if (shown[i] && row.parent_id !== null) hasShownReply.add(row.parent_id);
  }
  return ordered.filter((_, i) => shown[i]);
}

/**
 * Flattens whole threads (a top-level comment with every reply, as `root_id` groups them) one after
 * another in the order of `rootIds`, each as flattenCommentTree does. A thread whose comments are
 * all deleted comes out empty.
 */
export function flattenThreads<T extends TreeRow & { root_id: number }>(
  rows: T[],
  rootIds: number[],
  order: CommentOrder,
): { row: T; depth: number }[] {
  const threads = new Map<number, T[]>();
  for (const row of rows) {
    const thread = threads.get(row.root_id) ?? [];
    thread.push(row);
    threads.set(row.root_id, thread);
  }
  return rootIds.flatMap((rootId) => flattenCommentTree(threads.get(rootId) ?? [], order));
}
