import type { ColumnType, Generated } from 'kysely';

/**
 * Kysely's view of the tables created by functions/migrations. Keep in step with every migration:
 * schema.test.ts compares it with the migrated database.
 */

/** timestamptz NOT NULL DEFAULT now(): inserts may leave it out. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** timestamptz NOT NULL without a default: inserts must give it. */
type GivenTimestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Id = Generated<number>;

export interface AccountsTable {
  uid: string;
  email: string | null;
  role: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 0008: the ID token said the address is verified; mail only goes to verified addresses. */
  email_verified: ColumnType<boolean, boolean | undefined, boolean>;
  /** 0011: when the token that last wrote email and email_verified was issued; an older one never writes them. */
  email_token_issued_at: NullableTimestamp;
}

export interface MembershipsTable {
  uid: string;
  first_name: string;
  last_name: string;
  birthdate: ColumnType<string, string, string>;
  phone_number: string;
  street_name: string;
  house_number: string;
  house_number_extension: ColumnType<string, string | undefined, string>;
  postal_code: string;
  city: string;
  country: ColumnType<string, string | undefined, string>;
  status: ColumnType<'pending' | 'active' | 'canceled' | 'expired', string | undefined, string>;
  mollie_customer_id: string | null;
  mollie_mandate_id: string | null;
  mollie_subscription_id: string | null;
  subscribed_at: NullableTimestamp;
  renewed_at: NullableTimestamp;
  canceled_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  expired_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 0003: end of access after a failed renewal. */
  grace_until: NullableTimestamp;
  /** 0003: the period each charge of the Mollie subscription buys, e.g. '1 month'. */
  subscription_interval: string | null;
  /** 0003: Mollie confirmed the subscription canceled. */
  subscription_stopped_at: NullableTimestamp;
  /** 0003: access changed and the role claim has not followed yet. */
  role_sync_needed: ColumnType<boolean, boolean | undefined, boolean>;
  /** 0012: the plan the member chose, and the price (cents) their subscription charges. */
  plan_id: ColumnType<string | null, string | null | undefined, string | null>;
  price_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0021: a complimentary membership ('erelid', 'bestuur') and when it ends; both null without one. */
  comp_kind: ColumnType<CompKind | null, CompKind | null | undefined, CompKind | null>;
  comp_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type CompKind = 'erelid' | 'bestuur';

export type PaymentStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

export interface PaymentsTable {
  id: string;
  uid: string;
  sequence_type: 'first' | 'recurring';
  status: PaymentStatus;
  amount_value: string;
  amount_currency: string;
  mollie_subscription_id: string | null;
  checkout_url: string | null;
  paid_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 0003: what this payment buys, e.g. '1 month'. */
  period: ColumnType<string, string | undefined, string>;
  mandate_id: string | null;
  failed_at: NullableTimestamp;
  /** 0003: last time the status was fetched from Mollie. */
  checked_at: Timestamp;
  /** 0004: the Mollie customer the payment was made on (null on rows recorded before 0004). */
  customer_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0008: Mollie's amountRefunded / amountChargedBack ('0.00' when none). */
  amount_refunded: ColumnType<string, string | undefined, string>;
  amount_charged_back: ColumnType<string, string | undefined, string>;
  /** 0008: when a full refund or a chargeback was first seen: the payment no longer buys a period. */
  reversed_at: NullableTimestamp;
  /** 0008: paid with another amount or currency than the member's plan: buys nothing. */
  amount_mismatch: ColumnType<boolean, boolean | undefined, boolean>;
  /** 0013: membership (first payment, renewals), missed_period ('Nu betalen'), mandate (new payment method). */
  purpose: ColumnType<PaymentPurpose, PaymentPurpose | undefined, PaymentPurpose>;
  /** 0013: Mollie's reason for a failure (SEPA bankReasonCode or a card's failureReason). */
  failure_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0012: the plan this payment paid for (null on rows recorded before plans). */
  plan_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0012: Mollie's payment method once known (ideal, directdebit, creditcard, ...). */
  method: ColumnType<string | null, string | null | undefined, string | null>;
}

/** 0012: a membership plan; VAT either a rate in basis points (2100 = 21%) or an exemption's legal ground. */
export interface PlansTable {
  id: string;
  name: string;
  interval: string;
  price_cents: number;
  currency: ColumnType<string, string | undefined, string>;
  vat_rate_bp: number | null;
  vat_exemption: string | null;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  sort_order: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** 0012: the single row holding the last invoice number issued. */
export interface InvoiceCounterTable {
  id: ColumnType<boolean, boolean | undefined, boolean>;
  last_number: ColumnType<number, number | undefined, number>;
}

/** 0012: an issued factuur or creditnota, with its PDF exactly as issued. */
export interface InvoicesTable {
  number: number;
  kind: 'invoice' | 'credit_note';
  uid: string;
  payment_id: string;
  credits_number: number | null;
  issued_at: GivenTimestamp;
  total_cents: number;
  net_cents: number;
  vat_cents: number;
  vat_rate_bp: number | null;
  vat_exemption: string | null;
  currency: string;
  pdf: Buffer;
  sha256: string;
}

/** 0012: a member told of a plan's price change; it applies from effective_from (>= 30 days later). */
export interface PriceNoticesTable {
  id: Id;
  uid: string;
  plan_id: string;
  old_price_cents: number;
  new_price_cents: number;
  noticed_at: Timestamp;
  effective_from: GivenTimestamp;
  mailed_at: NullableTimestamp;
  applied_at: NullableTimestamp;
}

export type PaymentPurpose = 'membership' | 'missed_period' | 'mandate';

/** 0004: a member's claim on starting a payment (one at a time; expires after a lease). */
export interface PaymentStartsTable {
  uid: string;
  token: string;
  started_at: Timestamp;
}

export interface ProfilesTable {
  id: Id;
  uid: string;
  name: string;
  occupation: ColumnType<string, string | undefined, string>;
  bio: ColumnType<string, string | undefined, string>;
  karma_points: ColumnType<number, number | undefined, number>;
  avatar_ref: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 0008: the member deleted their account; the row is a tombstone without personal data. */
  deleted_at: NullableTimestamp;
}

export interface TopicsTable {
  id: Id;
  name: string;
  slug: string;
  post_count: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface Removable {
  deleted_at: NullableTimestamp;
  deleted_by: string | null;
  delete_reason: string | null;
}

/** What a post and a comment both are: authored, upvoted, edited and removable content. */
interface Content extends Removable {
  id: Id;
  author_id: number;
  content: string;
  points: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PostsTable extends Content {
  title: string;
  article_slug: string | null;
  comment_count: ColumnType<number, number | undefined, number>;
  pinned_at: NullableTimestamp;
}

export interface PostTopicsTable {
  post_id: number;
  topic_id: number;
}

export interface PostImagesTable {
  post_id: number;
  ref: string;
  position: number;
}

export interface CommentsTable extends Content {
  post_id: number;
  parent_id: number | null;
  /** The thread's top-level comment; its own id for a top-level comment (migration 0006). */
  root_id: ColumnType<number, number, never>;
}

export interface PostVotesTable {
  post_id: number;
  profile_id: number;
  created_at: Timestamp;
}

export interface CommentVotesTable {
  comment_id: number;
  profile_id: number;
  created_at: Timestamp;
}

export type NotificationKind = 'REPLY_POST' | 'REPLY_COMMENT' | 'UPVOTE_POST' | 'UPVOTE_COMMENT' | 'MENTION';

export interface NotificationsTable {
  id: Id;
  recipient_id: number;
  kind: NotificationKind;
  post_id: number;
  comment_id: number | null;
  vote_count: ColumnType<number, number | undefined, number>;
  comment_count: ColumnType<number, number | undefined, number>;
  latest_actor_id: number | null;
  latest_reply_comment_id: number | null;
  read_at: NullableTimestamp;
  mailed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface NotificationActorsTable {
  notification_id: number;
  profile_id: number;
  actions: ColumnType<number, number | undefined, number>;
  last_action_at: Timestamp;
}

/** An undone post vote (migration 0002): lets a points cursor rank posts as they stood at its first page. */
export interface PostVoteRemovalsTable {
  post_id: number;
  vote_created_at: GivenTimestamp;
  removed_at: Timestamp;
}

export interface ThreadsTable {
  id: string;
  user_low: number;
  user_high: number;
  last_message_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MessagesTable {
  id: Id;
  thread_id: string;
  from_user_id: number;
  to_user_id: number;
  content: string;
  read_at: NullableTimestamp;
  /** 0014: the message went out in a chat mail. */
  mailed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Empty since 0022 (its rows moved to admin_log); kept for the older migrations' `down`. */
export interface ModerationLogTable {
  id: Id;
  /** Null once the moderator deleted their account (0008). */
  moderator_uid: string | null;
  action: 'PIN_POST' | 'UNPIN_POST' | 'DELETE_POST' | 'DELETE_COMMENT' | 'DISMISS_REPORTS' | 'SUSPEND_MEMBER';
  post_id: number | null;
  comment_id: number | null;
  reason: string | null;
  created_at: Timestamp;
  /** 0009: the reported item a queue action was about. */
  item_kind: ColumnType<ReportItemKind | null, ReportItemKind | null | undefined, ReportItemKind | null>;
  item_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0009: the suspended member. */
  subject_uid: ColumnType<string | null, string | null | undefined, string | null>;
  suspended_until: NullableTimestamp;
}

export type ReportItemKind = 'post' | 'comment' | 'message' | 'profile';

/** 0009: the published kennisbank articles, as the CMS sent them. */
export interface KennisbankArticlesTable {
  slug: string;
  document_id: string | null;
  title: string;
  summary: ColumnType<string, string | undefined, string>;
  body: ColumnType<string, string | undefined, string>;
  published_at: GivenTimestamp;
  indexed_at: Timestamp;
}

/** 0009: the search index, written only by the database's triggers. */
export interface SearchDocumentsTable {
  kind: 'post' | 'comment' | 'article';
  ref_id: ColumnType<number, number | undefined, number>;
  ref_slug: ColumnType<string, string | undefined, string>;
  post_id: number | null;
  /** tsvector, read as its text form. */
  document: string;
  removed: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: GivenTimestamp;
}

/** 0009: one report per member per item; open until resolved. */
export interface ReportsTable {
  id: Id;
  reporter_id: number;
  item_kind: ReportItemKind;
  item_id: number;
  reason: 'spam' | 'harassment' | 'hate' | 'inappropriate' | 'misinformation' | 'other';
  details: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  resolved_at: NullableTimestamp;
  resolved_by: string | null;
  resolution: 'dismissed' | 'removed' | 'suspended' | null;
}

/** 0010: a copy of reported content whose author deleted their account, until the report is handled. */
export interface ReportEvidenceTable {
  item_kind: 'message' | 'profile';
  item_id: number;
  author_id: number;
  recipient_id: number | null;
  name: ColumnType<string, string | undefined, string>;
  occupation: ColumnType<string, string | undefined, string>;
  content: ColumnType<string, string | undefined, string>;
  item_created_at: GivenTimestamp;
  kept_at: Timestamp;
}

/** 0009: a member's suspension (role None until the date, then previous_role back). */
export interface SuspensionsTable {
  uid: string;
  suspended_until: GivenTimestamp;
  previous_role: number;
  reason: string;
  /** Null once the admin deleted their account. */
  suspended_by: string | null;
  created_at: Timestamp;
  lifted_at: NullableTimestamp;
}

/** 0017: one append-only row per admin action (docs/admin.md); uids null once that account is deleted. */
export interface AdminLogTable {
  id: Id;
  actor_uid: string | null;
  /** 0022: the database checks only the form (A_Z); the actions Kring writes are this union. */
  action:
    | 'CHANGE_ROLE'
    | 'REFUND_PAYMENT'
    | 'RESEND_RECEIPT'
    | 'GRANT_COMP'
    | 'END_COMP'
    | 'COMP_EXPIRED'
    | 'EXPORT_MEMBERS'
    | 'EXPORT_PAYMENTS'
    | ModerationLogTable['action'];
  subject_uid: string | null;
  /** Required for admin actions (their contracts); null for a moderator's pin (0022). */
  reason: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, never>;
  created_at: Timestamp;
}

/** 0020: a Mollie refund of a payment, with Mollie's refund status as last seen. */
export interface RefundsTable {
  id: string;
  payment_id: string;
  amount_cents: number;
  currency: string;
  /** Mollie's: queued, pending, processing, refunded, failed, canceled. */
  status: string;
  /** The admin's request id (refundPaymentAdmin); null for refunds made elsewhere. */
  request_key: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** 0009: blocker does not want chat messages from blocked. */
export interface ChatBlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: Timestamp;
}

export interface RateLimitCountersTable {
  key: string;
  window_start: GivenTimestamp;
  count: number;
}

/** 0007: what a member wants by mail; no row means the defaults. */
export interface MailPreferencesTable {
  profile_id: number;
  replies: ColumnType<boolean, boolean | undefined, boolean>;
  upvotes: ColumnType<boolean, boolean | undefined, boolean>;
  digest: ColumnType<boolean, boolean | undefined, boolean>;
  /** 0014 */
  chat: ColumnType<boolean, boolean | undefined, boolean>;
  mentions: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: Timestamp;
}

export type MailSendKind = 'notifications' | 'digest' | 'chat';

/** 0007: a mail claimed for (profile, kind, period) before it is sent; sent_at once the server took it. */
export interface MailSendsTable {
  id: Id;
  profile_id: number;
  kind: MailSendKind;
  period_key: string;
  notification_count: ColumnType<number, number | undefined, number>;
  claimed_at: Timestamp;
  sent_at: NullableTimestamp;
}

export type DunningMailKind = 'failed' | 'reminder' | 'ended';

/** 0013: a dunning mail claimed for (member, kind, failed payment) before it is sent. */
export interface DunningMailsTable {
  id: Id;
  uid: string;
  kind: DunningMailKind;
  payment_id: string;
  claimed_at: Timestamp;
  sent_at: NullableTimestamp;
}

/** 0008: an uploaded post image; one never attached to a post is swept after 24 hours. */
export interface UploadsTable {
  ref: string;
  profile_id: number;
  created_at: Timestamp;
}

/** 0014: a member mentioned in a post (comment_id null) or a comment; `active` while the name is in the text. */
export interface MentionsTable {
  id: Id;
  post_id: number;
  comment_id: number | null;
  profile_id: number;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

/**
 * One row (id 1): goes up with every committed change the admin overview's closed history months read
 * (migration 0023's triggers write it; admin/overview.repo.ts `historyVersion` reads it).
 */
export interface OverviewVersionTable {
  id: number;
  n: number;
}

export interface Database {
  accounts: AccountsTable;
  memberships: MembershipsTable;
  payments: PaymentsTable;
  payment_starts: PaymentStartsTable;
  profiles: ProfilesTable;
  topics: TopicsTable;
  posts: PostsTable;
  post_topics: PostTopicsTable;
  post_images: PostImagesTable;
  comments: CommentsTable;
  post_votes: PostVotesTable;
  post_vote_removals: PostVoteRemovalsTable;
  comment_votes: CommentVotesTable;
  notifications: NotificationsTable;
  notification_actors: NotificationActorsTable;
  threads: ThreadsTable;
  messages: MessagesTable;
  moderation_log: ModerationLogTable;
  rate_limit_counters: RateLimitCountersTable;
  mail_preferences: MailPreferencesTable;
  mail_sends: MailSendsTable;
  dunning_mails: DunningMailsTable;
  uploads: UploadsTable;
  kennisbank_articles: KennisbankArticlesTable;
  search_documents: SearchDocumentsTable;
  reports: ReportsTable;
  report_evidence: ReportEvidenceTable;
  suspensions: SuspensionsTable;
  chat_blocks: ChatBlocksTable;
  plans: PlansTable;
  invoice_counter: InvoiceCounterTable;
  invoices: InvoicesTable;
  price_notices: PriceNoticesTable;
  mentions: MentionsTable;
  admin_log: AdminLogTable;
  refunds: RefundsTable;
  overview_version: OverviewVersionTable;
}
