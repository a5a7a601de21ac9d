import { config } from '../lib/config.ts';
import type { Db } from '../lib/db.ts';
import { chatMail } from './chat-mail.ts';
import { sendClaimedMail } from './claimed-mail.ts';
import { type ChatMailDue, dueChatMails, releaseChatClaim, takeUnmailedMessages } from './mail.repo.ts';
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

/** One mail per conversation and period: '{period}/{thread}' (sendClaimedMail). */
const mailConversation = (db: Db, due: ChatMailDue, periodKey: string): Promise<boolean> =>
  sendClaimedMail(db, {
    what: 'chat mail',
    claim: { profileId: due.profileId, kind: 'chat', periodKey: `${periodKey}/${due.threadId}` },
    take: (tx) => takeUnmailedMessages(tx, due.profileId, due.threadId),
    build: (messages) => chatMail(due, due.threadId, messages),
    release: releaseChatClaim,
  });
