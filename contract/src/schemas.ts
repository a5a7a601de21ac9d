import { z } from 'zod';
import { limits } from './limits.ts';
import { validationMessages as m } from './messages.ts';
import { checkUserName } from './user-name.ts';

/** Dates cross the wire as ISO 8601 strings. */
export const isoDate = z.string();
export const nullableDate = isoDate.nullable();

export const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Topic ids are `serial` (int4) in the database; a larger number can name no topic. */
export const topicId = id.max(2_147_483_647, m.invalid);
export const roleSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export const order = z.enum(['points', 'createdAt']);
export const pageSize = z
  .number(m.pageSize)
  .int(m.pageSize)
  .min(1, m.pageSize)
  .max(limits.pageSizeMax, m.pageSize)
  .default(20);
/** Opaque keyset cursor handed out by the previous page; null for the first page. */
export const cursor = z.string().max(200).nullable().default(null);

/**
 * A string input that will be stored as Postgres text. U+0000 cannot be stored there, so it is a
 * 400 on the field here instead of a database error later (abort: no other message for it).
 */
export const storableText = (params?: { error: string }) =>
  z.string(params).refine((v) => !v.includes('\u0000'), { error: m.invalidCharacter, abort: true });

const trimmed = (max: number, requiredMessage: string = m.required) =>
  storableText().trim().min(1, requiredMessage).max(max, m.tooLong);

export const userName = z.string().superRefine((value, ctx) => {
  const problem = checkUserName(value, 'final');
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const profileFields = z.object({
  name: userName.transform((v) => v.trim()),
  occupation: storableText().trim().max(limits.occupationMax, m.occupationLimit).default(''),
  bio: storableText().trim().max(limits.bioMax, m.bioLimit).default(''),
});

/** A user as shown next to content: enough for a name, avatar, badge and link. */
export const profileSummary = z.object({
  id,
  name: z.string(),
  role: roleSchema,
  karmaPoints: z.number().int(),
  avatarUrl: z.string().nullable(),
  /** The member deleted their account: shown as "Verwijderd lid", with no link and no avatar. */
  deleted: z.literal(true).optional(),
});
export type ProfileSummary = z.infer<typeof profileSummary>;

export const profile = profileSummary.extend({
  occupation: z.string(),
  bio: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Profile = z.infer<typeof profile>;

// abort: a blank field reports only the spec's 'Vul … in', not also the shape check after it.
/** Missing and blank both get the field's own Dutch message (spec section 5), not zod's English one. */
const requiredText = (message: string, max = 100) =>
  storableText({ error: message })
    .trim()
    // abort: a blank field reports only 'Vul een … in', not also the shape check that follows.
    .min(1, { error: message, abort: true })
    .max(max, { error: m.tooLong, abort: true });

/** Country names under which the Dutch postal code and house number rules apply. */
const dutchCountry = /^(nederland|the netherlands|netherlands|nl|holland)$/i;
export const isDutchCountry = (country: string) => dutchCountry.test(country.trim());

/**
 * Personal details of a membership (spec sections 3 and 5): required fields non-blank after trimming,
 * with sanity checks on birthdate and phone number, and for Dutch addresses on postal code and house
 * number (other countries write them too differently to check here; the extension field takes
 * additions such as 'A' or 'bis').
 */
export const personalDetails = z
  .object({
    firstName: requiredText(m.firstName),
    lastName: requiredText(m.lastName),
    birthdate: requiredText(m.birthdate).refine((v) => isPlausibleBirthdate(v), m.birthdateInvalid),
    phoneNumber: requiredText(m.phoneNumber, 30).refine(isPlausiblePhoneNumber, m.phoneNumberInvalid),
    streetName: requiredText(m.streetName),
    houseNumber: requiredText(m.houseNumber, 20),
    houseNumberExtension: storableText().trim().max(10, m.tooLong).optional().default(''),
    postalCode: requiredText(m.postalCode, 20),
    city: requiredText(m.city),
    country: storableText({ error: m.country })
      .trim()
      .max(100, m.tooLong)
      .default('Nederland')
      .pipe(z.string().min(1, m.country)),
  })
  .superRefine((v, ctx) => {
    if (!isDutchCountry(v.country)) return;
    if (!/^[1-9][0-9]{3} ?[A-Za-z]{2}$/.test(v.postalCode)) {
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: m.postalCodeInvalid });
    }
    // Dutch house numbers are 1 to 99999; letters and additions go in houseNumberExtension.
    if (!/^[1-9][0-9]{0,4}$/.test(v.houseNumber)) {
      ctx.addIssue({ code: 'custom', path: ['houseNumber'], message: m.houseNumberInvalid });
    }
  });
export type PersonalDetails = z.infer<typeof personalDetails>;

/** Digits with the usual separators and an optional leading +; 9 to 15 digits (E.164 allows 15). */
export function isPlausiblePhoneNumber(value: string): boolean {
  if (!/^\+?[0-9 ()./-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 9 && digits <= 15;
}

/** Accepts an existing calendar date YYYY-MM-DD for a person aged 16 to 120 today (exact age). */
export function isPlausibleBirthdate(value: string, today = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, mo, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return false;
  const hadBirthday =
    today.getUTCMonth() > mo - 1 || (today.getUTCMonth() === mo - 1 && today.getUTCDate() >= d);
  const age = today.getUTCFullYear() - y - (hadBirthday ? 0 : 1);
  return age >= 16 && age <= 120;
}

export const membershipStatus = z.enum(['pending', 'active', 'canceled', 'expired']);

/**
 * A complimentary membership ('erelid': honorary, 'bestuur': board) given by an admin: access without
 * Mollie until `until` (the end of that day in Amsterdam). Null without one.
 */
export const compMembership = z.object({ kind: z.enum(['erelid', 'bestuur']), until: isoDate });
export type CompMembership = z.infer<typeof compMembership>;

export const subscriptionStatus = z.object({
  status: membershipStatus.nullable(),
  comp: compMembership.nullable(),
  subscribedAt: nullableDate,
  renewedAt: nullableDate,
  canceledAt: nullableDate,
  expiresAt: nullableDate,
  expiredAt: nullableDate,
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;

/**
 * A membership as its owner (or an admin) sees it: personal details plus the subscription state.
 * Plain strings on the way out: stored details are not re-judged by today's input checks (a birthdate
 * that was plausible when entered must not turn a later read into an error).
 */
export const membership = z.object({
  firstName: z.string(),
  lastName: z.string(),
  birthdate: z.string(),
  phoneNumber: z.string(),
  streetName: z.string(),
  houseNumber: z.string(),
  houseNumberExtension: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
  ...subscriptionStatus.shape,
});
export type Membership = z.infer<typeof membership>;

export const topic = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  postCount: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Topic = z.infer<typeof topic>;

/** A storage path of an uploaded image, e.g. community/post/12/4f1c….webp. */
export const imageRef = z.string().regex(/^community\/post\/[0-9]+\/[A-Za-z0-9_-]+\.(webp|png|jpg)$/);
export const image = z.object({ ref: z.string(), url: z.string() });

/** A member mentioned as `@name` in a post or comment: the web links the name to the profile. */
export const mentionedMember = z.object({ id, name: z.string() });
export type MentionedMember = z.infer<typeof mentionedMember>;

/** What a post and a comment both carry besides their own fields: author, votes, times, removal, mentions. */
const contribution = {
  author: profileSummary,
  points: z.number().int(),
  hasUpvoted: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
  deletedAt: nullableDate,
  /** Shown to the author and moderators when a moderator removed the post or comment. */
  deleteReason: z.string().nullable(),
  /** The members `@name` in the content refers to (docs/community-api.md, "Mentions"). */
  mentions: z.array(mentionedMember),
};

export const post = z.object({
  id,
  title: z.string(),
  /** Empty once the post is deleted. */
  content: z.string(),
  topics: z.array(topic.pick({ id: true, name: true, slug: true })),
  images: z.array(image),
  articleSlug: z.string().nullable(),
  commentCount: z.number().int(),
  pinnedAt: nullableDate,
  ...contribution,
});
export type Post = z.infer<typeof post>;

export const comment = z.object({
  id,
  postId: id,
  parentId: id.nullable(),
  /** 0 for a reply to the post, 1 for a reply to a comment, and so on. */
  depth: z.number().int().min(0),
  content: z.string(),
  ...contribution,
});
export type Comment = z.infer<typeof comment>;

export const actionPayload = z.discriminatedUnion('type', [
  z.object({ type: z.literal('REPLY_POST'), replyAuthorId: id, postId: id, replyCommentId: id }),
  z.object({
    type: z.literal('REPLY_COMMENT'),
    replyAuthorId: id,
    postId: id,
    commentId: id,
    replyCommentId: id,
  }),
  z.object({ type: z.literal('UPVOTE_POST'), votingUserId: id, postId: id }),
  z.object({ type: z.literal('UPVOTE_COMMENT'), votingUserId: id, postId: id, commentId: id }),
  /** Mentioned in a post (commentId null) or in one of its comments; grouped per post. */
  z.object({ type: z.literal('MENTION'), mentioningUserId: id, postId: id, commentId: id.nullable() }),
]);
export type ActionPayload = z.infer<typeof actionPayload>;

/** One aggregated notification per recipient, target and kind (reply or upvote). */
export const notification = z.object({
  id,
  createdAt: isoDate,
  updatedAt: isoDate,
  readAt: nullableDate,
  actionPayload,
  voteCount: z.number().int(),
  commentCount: z.number().int(),
  uniqueUsers: z.number().int(),
  /** The most recent actor, for the name in 'X en N anderen …'. */
  latestUser: profileSummary.nullable(),
  postTitle: z.string(),
});
export type Notification = z.infer<typeof notification>;

export const message = z.object({
  id,
  fromUserId: id,
  content: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Message = z.infer<typeof message>;

export const threadId = z.string().regex(/^[0-9]{1,15}x[0-9]{1,15}$/);

export const threadListEntry = z.object({
  threadId,
  fromUserId: id,
  content: z.string(),
  createdAt: isoDate,
  otherUser: profileSummary,
  unreadCount: z.number().int(),
});
export type ThreadListEntry = z.infer<typeof threadListEntry>;

/** A moderator's or admin's reason: one message when it is empty or too short, not one per rule. */
export const reason = storableText()
  .trim()
  .min(limits.reasonMin, m.reasonRequired)
  .max(limits.reasonMax, m.tooLong);
export const emptyInput = z.object({}).default({});
export const ok = z.object({ ok: z.literal(true) });

export const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

export { trimmed };
