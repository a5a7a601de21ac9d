/** Business limits the spec leaves open; chosen here once and used by web and functions alike. */
export const limits = {
  userNameMin: 3,
  userNameMax: 30,
  occupationMax: 60,
  bioMax: 500,
  postTitleMax: 200,
  postContentMax: 20_000,
  postTopicsMax: 3,
  postImagesMax: 8,
  commentMax: 5_000,
  /** Deepest comment `depth` (0 = a reply to the post): eight levels; deeper replies attach at this level. */
  commentDepthMax: 7,
  messageMax: 2_000,
  /**
   * Distinct members one post or comment may mention (`@name`). A question to "everyone who went to
   * the workshop" names a handful; ten leaves room for a small group and stops a post from pinging
   * the whole member list (each mention is a bell notification and a mail).
   */
  mentionsMax: 10,
  /** Members the `@` suggestion list shows. */
  mentionSuggestionsMax: 8,
  reasonMin: 3,
  reasonMax: 500,
  pageSizeMax: 50,
  threadPageSize: 20,
  messagePreview: 150,
  imageBytesMax: 5 * 1024 * 1024,
  /** Decoded pixels (width × height) of an uploaded image: a small PNG can declare a huge canvas. */
  imagePixelsMax: 24_000_000,
  /** Calls marked `session: 'recent'` need a sign-in at most this old (seconds): five minutes. */
  recentSignInSeconds: 300,
} as const;

/**
 * Chat to members who have not answered (issue 21): a member who writes to someone who never wrote
 * back in that conversation may do so in at most `conversations` such conversations an hour, and put
 * at most `messages` messages an hour into each. Someone reaching out after a meeting or a post
 * writes to a few people, once or twice each ("Hoi", "ben je er nog?"); a spammer used to reach
 * anyone at 120 messages a minute and now reaches 5 people an hour with 3 messages each. Once the
 * other has answered, the conversation has only the usual `rateLimits.messages`. Moderators and
 * admins are not held to it (they contact members about reports). The hour is a sliding one,
 * counted from the messages themselves.
 */
export const chatFirstContact = { conversations: 5, messages: 3, windowSeconds: 3600 } as const;

/**
 * Per-caller limits on calls that write or probe, sized against abuse (scripts, floods), not against
 * people: a member who posts 60 times in an hour is not having a conversation.
 */
export const rateLimits = {
  posts: { max: 60, windowSeconds: 3600 },
  comments: { max: 300, windowSeconds: 3600 },
  messages: { max: 120, windowSeconds: 60 },
  votes: { max: 1000, windowSeconds: 3600 },
  edits: { max: 300, windowSeconds: 3600 },
  uploads: { max: 100, windowSeconds: 3600 },
  /**
   * Whether a user name is free, for any signed-in account: the form asks 500 ms after the last
   * keystroke and once on submit, so a person choosing a name needs a handful a minute; 30 leaves
   * room for hesitation and keeps a script from listing members' names (300 a minute before).
   */
  nameChecks: { max: 30, windowSeconds: 60 },
  payments: { max: 30, windowSeconds: 3600 },
  moderation: { max: 600, windowSeconds: 3600 },
  /** A data export or an account deletion: a person needs one, a script hammering them is abuse. */
  privacy: { max: 10, windowSeconds: 3600 },
  /** Mollie's webhook, per source address: Mollie retries a few times; a flood would eat the API quota. */
  webhookPerAddress: { max: 120, windowSeconds: 60 },
  /**
   * Mollie's webhook, from everyone together: the per-address count trusts a header a direct call to
   * the function can vary. ~10,000 members renew monthly (≈ 330 renewals a day, Mollie sends each
   * webhook once it is final), so even a whole day's renewals in one burst fit in two minutes;
   * each webhook costs Kring 1-3 Mollie API calls, so a flood costs at most ~15 calls a second.
   * Over the cap Mollie gets 429 and retries later; the hourly job catches up on anything lost.
   */
  webhookGlobal: { max: 300, windowSeconds: 60 },
  /**
   * Mollie's webhook about one payment Kring knows, outside the global count: Mollie calls once per
   * status change and retries a failed call at most about ten times over a day; ten a minute is
   * never reached by Mollie, and a replay of one known id beyond it counts under webhookGlobal.
   */
  webhookPerKnownPayment: { max: 10, windowSeconds: 60 },
  reports: { max: 60, windowSeconds: 3600 },
  /**
   * The signed links in a mail ('Afmelden' and its undo), per caller: anonymous, so per source
   * address. A person clicks one link; a mail scanner a few; a whole office behind one address
   * unsubscribing in the same minute stays far below 30.
   */
  mailLinks: { max: 30, windowSeconds: 60 },
  /**
   * Those links from everyone together, counting only tokens that are not validly signed (a real
   * link is left out while its own token stays under mailLinkPerToken): the per-address count
   * trusts a header a direct call to the function can vary. Made-up tokens change nothing, so this
   * cap only bounds the work a flood causes; no real member's link is turned away by it.
   */
  mailLinksGlobal: { max: 300, windowSeconds: 60 },
  /** One validly signed link outside the global count: nobody clicks their own link ten times a minute. */
  mailLinkPerToken: { max: 10, windowSeconds: 60 },
  /** Search is a read, but an expensive one and the way to scrape: a member submits a query, no typeahead. */
  searches: { max: 120, windowSeconds: 60 },
} as const;
