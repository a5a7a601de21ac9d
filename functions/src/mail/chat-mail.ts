import { config } from '../lib/config.ts';
import type { Mail } from '../lib/mail.ts';
import type { MailableMessage } from './mail.repo.ts';
import { type MailContent, renderMailHtml, renderMailText } from './mail-layout.ts';
import { oneClickUnsubscribeUrl, unsubscribePageUrl } from './notification-mail.ts';

/** The query parameter that makes the web app open the chat panel on a conversation (web lib/paths.ts). */
export const CHAT_THREAD_PARAM = 'gesprek';

/** Opens the conversation in the web app: any member page with ?gesprek={threadId}. */
export const chatThreadUrl = (threadId: string) =>
  `${config.publicBaseUrl()}/community/tijdlijn?${CHAT_THREAD_PARAM}=${encodeURIComponent(threadId)}`;

/** A mail shows at most this many messages of a batch (the newest), each cut at this length. */
export const CHAT_MAIL_MESSAGES = 5;
export const CHAT_MAIL_MESSAGE_CHARS = 500;

const time = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});
const timeOf = (at: Date) => time.format(at);

const cut = (text: string) =>
  text.length > CHAT_MAIL_MESSAGE_CHARS ? `${text.slice(0, CHAT_MAIL_MESSAGE_CHARS - 1).trimEnd()}…` : text;

/**
 * One mail for one conversation's batch of unread messages: who wrote, the newest messages (their
 * text, escaped by the layout), a link that opens the conversation, and 'Afmelden' for chat mails
 * with the RFC 8058 headers.
 */
export async function chatMail(
  to: { profileId: number; email: string; name: string },
  threadId: string,
  messages: MailableMessage[],
): Promise<Mail> {
  const sender = messages[messages.length - 1]!.senderName;
  const count = messages.length;
  const subject =
    count === 1
      ? `${sender} stuurde je een bericht op Kring`
      : `${sender} stuurde je ${count} berichten op Kring`;
  const link = { label: 'Lees en beantwoord', url: chatThreadUrl(threadId) };
  const shown = messages.slice(-CHAT_MAIL_MESSAGES);
  const content: MailContent = {
    preview: cut(shown[shown.length - 1]!.content).slice(0, 120),
    greeting: `Hallo ${to.name},`,
    intro:
      count === 1
        ? `${sender} stuurde je een bericht op Kring dat je nog niet hebt gelezen:`
        : `${sender} stuurde je ${count} berichten op Kring die je nog niet hebt gelezen${
            count > shown.length ? ` (de laatste ${shown.length}):` : ':'
          }`,
    items: shown.map((m, i) => ({
      text: cut(m.content),
      about: `${m.senderName}, ${timeOf(m.createdAt)}`,
      ...(i === shown.length - 1 ? { link } : {}),
    })),
    footerLinks: [
      { label: 'Afmelden', url: unsubscribePageUrl(to.profileId, 'chat') },
      { label: 'Meldingen instellen', url: `${config.publicBaseUrl()}/account/meldingen` },
    ],
    footerNote:
      'Je krijgt deze mail omdat je berichten die je een paar minuten niet hebt gelezen per mail wilt ontvangen.',
  };
  return {
    to: to.email,
    subject,
    text: renderMailText(content),
    html: await renderMailHtml(content),
    headers: {
      'List-Unsubscribe': `<${oneClickUnsubscribeUrl(to.profileId, 'chat')}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
