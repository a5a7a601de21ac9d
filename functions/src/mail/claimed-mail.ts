import type { MailSendKind } from '../db/schema.ts';
import type { Conn, Db } from '../lib/db.ts';
import { buildAndDeliver, type Mail } from '../lib/mail.ts';
import { claimSend, markSent } from './mail.repo.ts';

/** One member's mail of one kind and period, and the items (notifications, messages) it carries. */
export interface ClaimedMail<T extends { id: number }> {
  /** For the logs: 'notification mail', 'chat mail'. */
  what: string;
  claim: { profileId: number; kind: MailSendKind; periodKey: string };
  /** Takes the unmailed items (marking them mailed) inside the claim's transaction. */
  take: (tx: Conn) => Promise<T[]>;
  build: (items: T[]) => Promise<Mail>;
  /** Deletes the unsent claim and marks `ids` unmailed again. */
  release: (conn: Conn, sendId: number, ids: number[]) => Promise<void>;
}

/**
 * Claims the send and takes its items in one transaction, then sends (docs/mail.md). A claim already
 * there (a second or concurrent run in the period) sends nothing; nothing to take gives the claim
 * back; a refused send gives the claim and the items back, so the next run tries again; an unknown
 * outcome keeps them (at most once), findable by the claim's empty sent_at. True when it was sent.
 */
export async function sendClaimedMail<T extends { id: number }>(
  db: Db,
  mail: ClaimedMail<T>,
): Promise<boolean> {
  const claimed = await db.transaction().execute(async (tx) => {
    const sendId = await claimSend(tx, mail.claim);
    if (sendId === null) return null;
    return { sendId, items: await mail.take(tx) };
  });
  if (!claimed) return false;
  const { sendId, items } = claimed;
  if (items.length === 0) {
    await mail.release(db, sendId, []);
    return false;
  }
  const outcome = await buildAndDeliver(mail.what, { profileId: mail.claim.profileId, sendId }, () =>
    mail.build(items),
  );
  if (outcome === 'sent') {
    await markSent(db, sendId, items.length);
    return true;
  }
  if (outcome === 'refused') {
    await mail.release(
      db,
      sendId,
      items.map((item) => item.id),
    );
  }
  return false;
}
