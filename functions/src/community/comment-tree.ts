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

  const walk = (parentId: number | null, depth: number): { row: T; depth: number }[] =>
    (children.get(parentId) ?? []).flatMap((row) => {
      const replies = walk(row.id, depth + 1);
      return row.deleted_at && replies.length === 0 ? [] : [{ row, depth }, ...replies];
    });
  return walk(null, 0);
}
