import { type Kysely, sql } from 'kysely';

/** The tables for the spec's entities. Timestamps are timestamptz; ids the spec calls numeric are bigserial. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE accounts (
      uid text PRIMARY KEY,
      email text,
      role smallint NOT NULL DEFAULT 0 CHECK (role BETWEEN 0 AND 3),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE memberships (
      uid text PRIMARY KEY REFERENCES accounts (uid) ON DELETE CASCADE,
      first_name text NOT NULL,
      last_name text NOT NULL,
      birthdate date NOT NULL,
      phone_number text NOT NULL,
      street_name text NOT NULL,
      house_number text NOT NULL,
      house_number_extension text NOT NULL DEFAULT '',
      postal_code text NOT NULL,
      city text NOT NULL,
      country text NOT NULL DEFAULT 'Nederland',
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'canceled', 'expired')),
      mollie_customer_id text UNIQUE,
      mollie_mandate_id text,
      mollie_subscription_id text UNIQUE,
      subscribed_at timestamptz,
      renewed_at timestamptz,
      canceled_at timestamptz,
      expires_at timestamptz,
      expired_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX memberships_expiry_idx ON memberships (expires_at) WHERE status IN ('active', 'canceled');

    CREATE TABLE payments (
      id text PRIMARY KEY,
      uid text NOT NULL REFERENCES accounts (uid) ON DELETE CASCADE,
      sequence_type text NOT NULL CHECK (sequence_type IN ('first', 'recurring')),
      status text NOT NULL,
      amount_value text NOT NULL,
      amount_currency text NOT NULL,
      mollie_subscription_id text,
      checkout_url text,
      paid_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX payments_uid_idx ON payments (uid, created_at DESC);

    CREATE TABLE profiles (
      id bigserial PRIMARY KEY,
      uid text NOT NULL UNIQUE REFERENCES accounts (uid) ON DELETE CASCADE,
      name text NOT NULL,
      occupation text NOT NULL DEFAULT '',
      bio text NOT NULL DEFAULT '',
      karma_points integer NOT NULL DEFAULT 0,
      avatar_ref text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX profiles_name_lower_idx ON profiles (lower(name));
    CREATE INDEX profiles_karma_idx ON profiles (karma_points DESC, id DESC);
    CREATE INDEX profiles_created_idx ON profiles (created_at DESC, id DESC);

    CREATE TABLE topics (
      id serial PRIMARY KEY,
      name text NOT NULL,
      slug text NOT NULL UNIQUE,
      post_count integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE posts (
      id bigserial PRIMARY KEY,
      author_id bigint NOT NULL REFERENCES profiles (id),
      title text NOT NULL,
      content text NOT NULL,
      article_slug text,
      points integer NOT NULL DEFAULT 0,
      comment_count integer NOT NULL DEFAULT 0,
      pinned_at timestamptz,
      deleted_at timestamptz,
      deleted_by text,
      delete_reason text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX posts_created_idx ON posts (created_at DESC, id DESC) WHERE deleted_at IS NULL;
    CREATE INDEX posts_points_idx ON posts (points DESC, created_at DESC, id DESC) WHERE deleted_at IS NULL;
    CREATE INDEX posts_pinned_idx ON posts (pinned_at DESC, id DESC) WHERE pinned_at IS NOT NULL AND deleted_at IS NULL;
    CREATE INDEX posts_author_idx ON posts (author_id, created_at DESC, id DESC);
    CREATE INDEX posts_article_idx ON posts (article_slug) WHERE article_slug IS NOT NULL;

    CREATE TABLE post_topics (
      post_id bigint NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
      topic_id integer NOT NULL REFERENCES topics (id),
      PRIMARY KEY (post_id, topic_id)
    );
    CREATE INDEX post_topics_topic_idx ON post_topics (topic_id, post_id);

    CREATE TABLE post_images (
      post_id bigint NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
      ref text NOT NULL,
      position smallint NOT NULL,
      PRIMARY KEY (post_id, ref)
    );

    CREATE TABLE comments (
      id bigserial PRIMARY KEY,
      post_id bigint NOT NULL REFERENCES posts (id),
      parent_id bigint REFERENCES comments (id),
      author_id bigint NOT NULL REFERENCES profiles (id),
      content text NOT NULL,
      points integer NOT NULL DEFAULT 0,
      deleted_at timestamptz,
      deleted_by text,
      delete_reason text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX comments_post_idx ON comments (post_id, created_at, id);
    CREATE INDEX comments_parent_idx ON comments (parent_id) WHERE parent_id IS NOT NULL;
    CREATE INDEX comments_author_idx ON comments (author_id, created_at DESC, id DESC);

    CREATE TABLE post_votes (
      post_id bigint NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
      profile_id bigint NOT NULL REFERENCES profiles (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (post_id, profile_id)
    );

    CREATE TABLE comment_votes (
      comment_id bigint NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
      profile_id bigint NOT NULL REFERENCES profiles (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (comment_id, profile_id)
    );

    -- One row per recipient, target and kind; replies and votes on the same target add up.
    CREATE TABLE notifications (
      id bigserial PRIMARY KEY,
      recipient_id bigint NOT NULL REFERENCES profiles (id),
      kind text NOT NULL CHECK (kind IN ('REPLY_POST', 'REPLY_COMMENT', 'UPVOTE_POST', 'UPVOTE_COMMENT')),
      post_id bigint NOT NULL REFERENCES posts (id),
      comment_id bigint REFERENCES comments (id),
      vote_count integer NOT NULL DEFAULT 0,
      comment_count integer NOT NULL DEFAULT 0,
      latest_actor_id bigint REFERENCES profiles (id),
      latest_reply_comment_id bigint REFERENCES comments (id),
      read_at timestamptz,
      mailed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX notifications_target_idx ON notifications (recipient_id, kind, post_id, coalesce(comment_id, 0));
    CREATE INDEX notifications_recipient_idx ON notifications (recipient_id, updated_at DESC);

    CREATE TABLE notification_actors (
      notification_id bigint NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
      profile_id bigint NOT NULL REFERENCES profiles (id),
      actions integer NOT NULL DEFAULT 1,
      PRIMARY KEY (notification_id, profile_id)
    );

    CREATE TABLE threads (
      id text PRIMARY KEY,
      user_low bigint NOT NULL REFERENCES profiles (id),
      user_high bigint NOT NULL REFERENCES profiles (id),
      last_message_id bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (user_low < user_high),
      UNIQUE (user_low, user_high)
    );
    CREATE INDEX threads_low_idx ON threads (user_low, updated_at DESC);
    CREATE INDEX threads_high_idx ON threads (user_high, updated_at DESC);

    CREATE TABLE messages (
      id bigserial PRIMARY KEY,
      thread_id text NOT NULL REFERENCES threads (id),
      from_user_id bigint NOT NULL REFERENCES profiles (id),
      to_user_id bigint NOT NULL REFERENCES profiles (id),
      content text NOT NULL,
      read_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX messages_thread_idx ON messages (thread_id, id DESC);
    CREATE INDEX messages_unread_idx ON messages (to_user_id, thread_id) WHERE read_at IS NULL;

    CREATE TABLE moderation_log (
      id bigserial PRIMARY KEY,
      moderator_uid text NOT NULL REFERENCES accounts (uid),
      action text NOT NULL CHECK (action IN ('PIN_POST', 'UNPIN_POST', 'DELETE_POST', 'DELETE_COMMENT')),
      post_id bigint REFERENCES posts (id),
      comment_id bigint REFERENCES comments (id),
      reason text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX moderation_log_created_idx ON moderation_log (created_at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE moderation_log, messages, threads, notification_actors, notifications, comment_votes,
      post_votes, comments, post_images, post_topics, posts, topics, profiles, payments, memberships, accounts;
  `.execute(db);
}
