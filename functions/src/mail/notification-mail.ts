import { type ActionPayload, type MailKind, notificationCommentId, notificationText } from '@kring/contract';
import { config } from '../lib/config.ts';
import type { Mail } from '../lib/mail.ts';
import type { MailableNotification } from './mail.repo.ts';
import { type MailContent, type MailLink, renderMailHtml, renderMailText } from './mail-layout.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

function payloadOf(n: MailableNotification): ActionPayload {
  switch (n.kind) {
    case 'REPLY_POST':
      return {
        type: n.kind,
        replyAuthorId: n.latestActorId,
        postId: n.postId,
        replyCommentId: n.replyCommentId!,
      };
    case 'REPLY_COMMENT':
      return {
        type: n.kind,
        replyAuthorId: n.latestActorId,
        postId: n.postId,
        commentId: n.commentId!,
        replyCommentId: n.replyCommentId!,
      };
    case 'UPVOTE_POST':
      return { type: n.kind, votingUserId: n.latestActorId, postId: n.postId };
    case 'UPVOTE_COMMENT':
      return { type: n.kind, votingUserId: n.latestActorId, postId: n.postId, commentId: n.commentId! };
    case 'MENTION':
      return {
        type: n.kind,
        mentioningUserId: n.latestActorId,
        postId: n.postId,
        commentId: n.replyCommentId,
      };
  }
}

/** The post, with the comment marked (`?showComment=`), as the bell links it. */
export function notificationUrl(n: MailableNotification): string {
  const base = `${config.publicBaseUrl()}/community/bericht/${n.postId}`;
  const commentId = notificationCommentId({ actionPayload: payloadOf(n) });
  return commentId ? `${base}?showComment=${commentId}` : base;
}

/** The site's page that unsubscribes with the token (web path /afmelden). */
export const unsubscribePageUrl = (profileId: number, kind: MailKind) =>
  `${config.publicBaseUrl()}/afmelden?token=${encodeURIComponent(unsubscribeToken(profileId, kind))}`;

/** Where a mail client posts RFC 8058's one-click unsubscribe. */
export const oneClickUnsubscribeUrl = (profileId: number, kind: MailKind) =>
  `${config.publicBaseUrl()}/web/community/unsubscribeMail?token=${encodeURIComponent(unsubscribeToken(profileId, kind))}`;

const joinDutch = (parts: string[]): string =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} en ${parts[parts.length - 1]}`;

/** A mail lists the newest this many; the rest are counted, with a link to the site (the bell). */
export const NOTIFICATION_MAIL_ITEMS = 10;

const mailKindOf = (n: MailableNotification): MailKind =>
  n.kind === 'REPLY_POST' || n.kind === 'REPLY_COMMENT'
    ? 'replies'
    : n.kind === 'MENTION'
      ? 'mentions'
      : 'upvotes';

const kindLabels: Record<'replies' | 'upvotes' | 'mentions', { unsubscribe: string; reason: string }> = {
  replies: { unsubscribe: 'Afmelden voor reacties', reason: 'reacties op je berichten en reacties' },
  upvotes: { unsubscribe: 'Afmelden voor stemmen', reason: 'stemmen op je berichten en reacties' },
  mentions: { unsubscribe: 'Afmelden voor vermeldingen', reason: 'vermeldingen van je naam' },
};

/**
 * One mail with the member's new notifications, each worded as the bell words it (spec 8), with a
 * link to the post; an 'Afmelden' link per kind of notification in it, and the List-Unsubscribe
 * headers for the main kind (replies when there are any).
 */
export async function notificationMail(
  to: { profileId: number; email: string; name: string },
  notifications: MailableNotification[],
): Promise<Mail> {
  const texts = notifications.map((n) =>
    notificationText({
      actionPayload: payloadOf(n),
      uniqueUsers: n.uniqueUsers,
      latestUser: { name: n.latestActorName },
    }),
  );
  // Replies first: the main kind, whose one-click header the mail carries.
  const kinds = (['replies', 'mentions', 'upvotes'] as const).filter((kind) =>
    notifications.some((n) => mailKindOf(n) === kind),
  );
  const footerLinks: MailLink[] = kinds.map((kind) => ({
    label: kinds.length === 1 ? 'Afmelden' : kindLabels[kind].unsubscribe,
    url: unsubscribePageUrl(to.profileId, kind),
  }));
  footerLinks.push({ label: 'Meldingen instellen', url: `${config.publicBaseUrl()}/account/meldingen` });
  const content: MailContent = {
    preview: texts[0]!,
    greeting: `Hallo ${to.name},`,
    intro:
      notifications.length === 1
        ? 'Er is iets nieuws bij je bericht of reactie op Kring:'
        : `Er zijn ${notifications.length} nieuwe notificaties bij je berichten en reacties op Kring:`,
    items: notifications.slice(0, NOTIFICATION_MAIL_ITEMS).map((n, i) => ({
      text: texts[i]!,
      about: n.postTitle,
      link: { label: 'Bekijk op Kring', url: notificationUrl(n) },
    })),
    ...(notifications.length > NOTIFICATION_MAIL_ITEMS
      ? {
          sections: [
            {
              title: `En nog ${notifications.length - NOTIFICATION_MAIL_ITEMS} ${
                notifications.length - NOTIFICATION_MAIL_ITEMS === 1 ? 'notificatie' : 'notificaties'
              }`,
              items: [
                {
                  text: 'De andere staan onder de bel op Kring.',
                  about: '',
                  link: { label: 'Naar Kring', url: `${config.publicBaseUrl()}/community/tijdlijn` },
                },
              ],
            },
          ],
        }
      : {}),
    footerLinks,
    footerNote: `Je krijgt deze mail omdat je ${joinDutch(kinds.map((k) => kindLabels[k].reason))} per mail wilt ontvangen.`,
  };
  return {
    to: to.email,
    subject: notifications.length === 1 ? texts[0]! : `${notifications.length} nieuwe notificaties op Kring`,
    text: renderMailText(content),
    html: await renderMailHtml(content),
    headers: {
      'List-Unsubscribe': `<${oneClickUnsubscribeUrl(to.profileId, kinds[0]!)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
