import { randomUUID } from 'node:crypto';
import { config } from '../lib/config.ts';
import { escapeHtml, type Mail } from '../lib/mail.ts';
import type { DigestOwnActivity, DigestPost, DigestRecipient } from './digest.repo.ts';
import type { DigestCms } from './digest-cms.ts';
import { type MailContent, type MailSection, renderMailHtml, renderMailText } from './mail-layout.ts';
import { oneClickUnsubscribeUrl, unsubscribePageUrl } from './notification-mail.ts';

/** What the week brought for everyone: read once per batch. */
export interface DigestWeek extends DigestCms {
  topPosts: DigestPost[];
  newMembers: number;
}

/**
 * Markers of the shared render: letters and digits, which MJML and escaping leave alone, random per
 * process so that no member can write one into a post title or a name.
 */
const MARK = randomUUID().replaceAll('-', '');
const NAME_MARK = `KRINGNAAM${MARK}`;
const UNSUBSCRIBE_MARK = `https://kring.invalid/afmelden${MARK}`;
const sharedRenders = new WeakMap<DigestWeek, Promise<string>>();

/** At most this many of the member's posts with replies or votes are listed. */
export const DIGEST_OWN_POSTS = 5;

const site = (path: string) => `${config.publicBaseUrl()}${path}`;
const postUrl = (id: number) => site(`/community/bericht/${id}`);
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const eventTime = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * Whether the week holds anything new for this member: replies or upvotes on what they wrote, popular
 * posts, new articles or new members. Coming events alone are not news (they would make every week's
 * digest non-empty); they are shown when something else is.
 */
export const digestHasNews = (week: DigestWeek, own: DigestOwnActivity) =>
  own.posts.length > 0 ||
  own.commentVotes > 0 ||
  week.topPosts.length > 0 ||
  week.articles.length > 0 ||
  week.newMembers > 0;

/** '2 nieuwe reacties en 3 stemmen', '1 nieuwe reactie', '4 stemmen'. */
const ownPostLine = (replies: number, votes: number) =>
  [
    replies > 0 ? count(replies, 'nieuwe reactie', 'nieuwe reacties') : '',
    votes > 0 ? count(votes, 'stem', 'stemmen') : '',
  ]
    .filter(Boolean)
    .join(' en ');

/**
 * The weekly digest of one member: the sections that have something, in the order a member cares.
 * Upvotes on their posts and comments are here (the notification mail has them only for who asks).
 */
export async function digestMail(
  to: DigestRecipient,
  week: DigestWeek,
  own: DigestOwnActivity,
): Promise<Mail> {
  const sections = [...ownSections(own), ...weekSections(week)];
  const replyCount = own.posts.reduce((sum, p) => sum + p.replies, 0);
  const subject =
    replyCount > 0
      ? `Deze week op Kring: ${count(replyCount, 'nieuwe reactie', 'nieuwe reacties')} op je berichten`
      : 'Deze week op Kring';
  // Without activity of their own, members get the same digest but for their name and unsubscribe
  // link: it is rendered once per week (MJML takes 30-70 ms a mail) with markers filled in per member.
  const shared = own.posts.length === 0 && own.commentVotes === 0 && !JSON.stringify(sections).includes(MARK);
  const name = shared ? NAME_MARK : to.name;
  const unsubscribeUrl = shared ? UNSUBSCRIBE_MARK : unsubscribePageUrl(to.profileId, 'digest');
  const content: MailContent = {
    preview: replyCount > 0 ? subject : 'Wat er de afgelopen week op Kring gebeurde.',
    greeting: `Hallo ${name},`,
    intro: 'Dit is wat er de afgelopen week op Kring gebeurde.',
    items: [],
    sections,
    footerLinks: [
      { label: 'Afmelden', url: unsubscribeUrl },
      { label: 'Meldingen instellen', url: site('/account/meldingen') },
    ],
    footerNote: 'Je krijgt dit weekoverzicht omdat je het per mail wilt ontvangen.',
  };
  const { html, text } = shared
    ? await renderShared(content, week, to)
    : { html: await renderMailHtml(content), text: renderMailText(content) };
  return {
    to: to.email,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${oneClickUnsubscribeUrl(to.profileId, 'digest')}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** 'Bij je berichten': replies and votes on what the member wrote, when there are any. */
function ownSections(own: DigestOwnActivity): MailSection[] {
  if (own.posts.length === 0 && own.commentVotes === 0) return [];
  return [
    {
      title: 'Bij je berichten',
      ...(own.commentVotes > 0
        ? { intro: `Je reacties kregen deze week ${count(own.commentVotes, 'stem', 'stemmen')}.` }
        : {}),
      items: own.posts.slice(0, DIGEST_OWN_POSTS).map((p) => ({
        text: ownPostLine(p.replies, p.votes),
        about: p.title,
        link:
          p.latestCommentId === null
            ? { label: 'Bekijk het bericht', url: postUrl(p.postId) }
            : { label: 'Bekijk de reacties', url: `${postUrl(p.postId)}?showComment=${p.latestCommentId}` },
      })),
    },
  ];
}

/** What the week brought for everyone, each section only when it has something. */
function weekSections(week: DigestWeek): MailSection[] {
  const sections: MailSection[] = [];
  if (week.topPosts.length > 0) {
    sections.push({
      title: 'Populair deze week',
      items: week.topPosts.map((p) => ({
        text: p.title,
        about: `${p.authorName} · ${count(p.points, 'stem', 'stemmen')} · ${count(p.commentCount, 'reactie', 'reacties')}`,
        link: { label: 'Lees het bericht', url: postUrl(p.id) },
      })),
    });
  }
  if (week.articles.length > 0) {
    sections.push({
      title: 'Nieuw in de kennisbank',
      items: week.articles.map((a) => ({
        text: a.title,
        about: a.summary,
        link: { label: 'Lees het artikel', url: site(`/kennisbank/${encodeURIComponent(a.slug)}`) },
      })),
    });
  }
  if (week.events.length > 0) {
    sections.push({
      title: 'Binnenkort',
      items: week.events.map((e) => ({
        text: e.title,
        about: `${eventTime.format(new Date(e.startsAt))} · ${e.location}`,
        link: { label: 'Bekijk in het programma', url: site(`/programma/${encodeURIComponent(e.slug)}`) },
      })),
    });
  }
  if (week.newMembers > 0) {
    sections.push({
      title: 'Nieuwe leden',
      items: [
        {
          text: `Deze week ${week.newMembers === 1 ? 'kwam er 1 nieuw lid' : `kwamen er ${week.newMembers} nieuwe leden`} bij.`,
          about: '',
          link: { label: 'Bekijk de leden', url: site('/community/leden') },
        },
      ],
    });
  }
  return sections;
}

/** The week's shared render (made once, on first use) with this member's name and link filled in. */
async function renderShared(content: MailContent, week: DigestWeek, to: DigestRecipient) {
  let rendered = sharedRenders.get(week);
  if (!rendered) {
    rendered = renderMailHtml(content);
    sharedRenders.set(week, rendered);
  }
  // Replacer functions: a value is inserted as it is ('$&' in a string replacement is a pattern).
  const fill = (template: string, encode: (s: string) => string) => {
    const nameValue = encode(to.name);
    const urlValue = encode(unsubscribePageUrl(to.profileId, 'digest'));
    return template.replaceAll(NAME_MARK, () => nameValue).replaceAll(UNSUBSCRIBE_MARK, () => urlValue);
  };
  return { html: fill(await rendered, escapeHtml), text: fill(renderMailText(content), (s) => s) };
}
