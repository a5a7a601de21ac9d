/**
 * Every page's path, once. Links call the table (`paths.community.post(12)`); the router and the
 * account-state table use the same entries as react-router patterns (`paths.community.post.pattern`).
 */

/** A path with one parameter: call it for a link, `.pattern` is the route ('/base/:param'). */
const withParam = <const Base extends string, const Param extends string>(base: Base, param: Param) =>
  Object.assign((value: string | number) => `${base}/${encodeURIComponent(String(value))}`, {
    pattern: `${base}/:${param}` as const,
  });

/** The knowledge base's topic filter: /kennisbank?onderwerp=... */
export const TOPIC_PARAM = 'onderwerp';
/** The comment a post page marks and scrolls to: /community/bericht/12?showComment=34 */
export const SHOW_COMMENT_PARAM = 'showComment';

/**
 * A conversation to open in the chat panel, on any member page: /community/tijdlijn?gesprek=7x12 (the
 * chat mail's link; functions/src/mail/chat-mail.ts writes the same).
 */
export const CHAT_THREAD_PARAM = 'gesprek';

const post = withParam('/community/bericht', 'postId');

export const paths = {
  home: '/',
  about: '/over-ons',
  events: { list: '/programma', detail: withParam('/programma', 'slug') },
  articles: {
    list: '/kennisbank',
    detail: withParam('/kennisbank', 'slug'),
    topic: (topic: string) => `/kennisbank?${TOPIC_PARAM}=${encodeURIComponent(topic)}`,
  },
  podcasts: { list: '/podcasts', detail: withParam('/podcasts', 'slug') },
  research: { list: '/onderzoeken', detail: withParam('/onderzoeken', 'slug') },
  community: {
    landing: '/community',
    timeline: '/community/tijdlijn',
    post,
    comment: (postId: number, commentId: number) => `${post(postId)}?${SHOW_COMMENT_PARAM}=${commentId}`,
    profile: withParam('/community/profiel', 'id'),
    members: '/community/leden',
    conversation: (threadId: string) =>
      `/community/tijdlijn?${CHAT_THREAD_PARAM}=${encodeURIComponent(threadId)}`,
    search: '/community/zoeken',
    searchFor: (q: string) => `/community/zoeken?q=${encodeURIComponent(q)}`,
    moderation: '/community/moderatie',
    notifications: '/community/notificaties',
    /** The timeline filtered by a topic: /community/tijdlijn?onderwerp=... (the kennisbank's parameter). */
    topic: (slug: string | null) =>
      slug ? `/community/tijdlijn?${TOPIC_PARAM}=${encodeURIComponent(slug)}` : '/community/tijdlijn',
  },
  /** The admin's cockpit (issue 25, docs/admin.md): one lazy route; its pages are features/admin/paths.ts. */
  admin: '/beheer/*',
  account: { profile: '/account/profiel', membership: '/account/lidmaatschap', mail: '/account/meldingen' },
  /** The page behind a mail's 'Afmelden' link: /afmelden?token=… */
  unsubscribe: '/afmelden',
  auth: { signIn: '/auth/signin' },
  onboarding: {
    personalDetails: '/onboarding/personal-details',
    register: '/onboarding/register',
    payment: '/onboarding/payment',
    profile: '/onboarding/profile',
  },
  /** Any path no route matches. */
  notFound: '*',
} as const;

/** A link that asks a visitor to join (the CMS's 'Lid worden'): members are not asked (issue 23). */
export const isJoinLink = (url: string) => url.startsWith(paths.onboarding.personalDetails);
