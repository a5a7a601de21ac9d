import { config } from '../lib/config.ts';
import type { Db } from '../lib/db.ts';
import { buildAndDeliver } from '../lib/mail.ts';
import { chatMail } from './chat-mail.ts';
import {
  type ChatMailDue,
  claimSend,
  dueChatMails,
  markSent,
  releaseChatClaim,
  takeUnmailedMessages,
} from './mail.repo.ts';
import { periodKeyOf } from './notification-mails.ts';

/**
 * Mails each member the chat messages they left unread (docs/mail.md, "Chat by mail"): per
 * conversation, once its oldest unread, unmailed message is CHAT_MAIL_DELAY_SECONDS old, one mail
 * with that conversation's batch; at most one per conversation per notification period. A message is
 * mailed at most once (messages.mailed_at); one read in the app, or from a blocked sender, never.
 * Runs with the notification mails (mailNotificationsJob, handleMailNotifications).
 */
export async function sendChatMails(db: Db, now = new Date()): Promise<{ sent: number }> {
  const dueBefore = new Date(now.getTime() - config.chatMailDelaySeconds() * 1000);
  const due = await dueChatMails(db, now, dueBefore, config.graceDays());
  const periodKey = periodKeyOf(now);
  let sent = 0;
  for (const conversation of due) {
    if (await mailConversation(db, conversation, periodKey)) sent++;
  }
  return { sent };
}

/**
 * Claims (member, 'chat', '{period}/{thread}') and takes the batch in one transaction, then sends.
 * A claim already there (a second or concurrent run in the period) sends nothing; a refused send
 * gives the claim and the messages back, so the next run tries again; an unknown outcome keeps them
 * (at most once, as the notification mails).
 */
async function mailConversation(db: Db, due: ChatMailDue, periodKey: string): Promise<boolean> {
  const claimed = await db.transaction().execute(async (tx) => {
    const sendId = await claimSend(tx, {
      profileId: due.profileId,
      kind: 'chat',
      periodKey: `${periodKey}/${due.threadId}`,
    });
    if (sendId === null) return null;
    return { sendId, messages: await takeUnmailedMessages(tx, due.profileId, due.threadId) };
  });
  if (!claimed) return false;
  const { sendId, messages } = claimed;
  if (messages.length === 0) {
    await releaseChatClaim(db, sendId, []);
    return false;
  }
  const ids = messages.map((m) => m.id);
  const outcome = await buildAndDeliver('chat mail', { profileId: due.profileId, sendId }, () =>
    chatMail(due, due.threadId, messages),
  );
  if (outcome === 'sent') {
    await markSent(db, sendId, messages.length);
    return true;
  }
  // It may have arrived: keep the claim (at most once).
  if (outcome === 'unknown') return false;
  await releaseChatClaim(db, sendId, ids);
  return false;
}
