import { config } from '../lib/config.ts';
import type { Db } from '../lib/db.ts';
import { logs } from '../lib/logs.ts';
import { buildAndDeliver } from '../lib/mail.ts';
import {
  digestRecipientIds,
  digestRecipients,
  newMemberCount,
  noOwnActivity,
  ownActivity,
  topPosts,
} from './digest.repo.ts';
import { type DigestCms, readDigestCms } from './digest-cms.ts';
import { type DigestWeek, digestHasNews, digestMail } from './digest-mail.ts';
import { claimSend, markSent, releaseClaim } from './mail.repo.ts';

/** Members per task: one task sends at most this many mails (about 10 s of SMTP). */
export const DIGEST_BATCH_SIZE = 100;
/** Posts in 'Populair deze week'. */
export const DIGEST_TOP_POSTS = 5;
const WEEK_MS = 7 * 86_400_000;

/** One task of the fan-out: the week's key and window, and whom to mail. */
export interface DigestBatch {
  week: string;
  since: string;
  until: string;
  profileIds: number[];
}

const amsterdamDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The ISO week a moment falls in on the Amsterdam calendar: '2026-W48'. It is the digest's period
 * key: one digest per member per week, however often the job runs.
 */
export function digestWeekKey(now: Date): string {
  const [y, m, d] = amsterdamDate.format(now).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const weekday = date.getUTCDay() || 7; // Monday 1 … Sunday 7
  date.setUTCDate(date.getUTCDate() + 4 - weekday); // the Thursday of this week names the year
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

const amsterdamClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const wallClock = (moment: Date) => {
  const parts = Object.fromEntries(
    amsterdamClock.formatToParts(moment).map((p) => [p.type, Number(p.value)]),
  );
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
};

/**
 * The same Amsterdam wall-clock time seven days earlier: the start of the digest's window. Across a
 * daylight-saving change that is 7 × 24 h ± 1 h, so no hour falls between two Monday windows.
 */
export function weekBefore(now: Date): Date {
  const target = wallClock(now) - WEEK_MS;
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(target - offsetHours * 3_600_000 + now.getUTCMilliseconds());
    if (wallClock(candidate) === target) return candidate;
  }
  return new Date(now.getTime() - WEEK_MS); // that wall-clock time did not exist (the spring gap)
}

/**
 * The scheduler's (and an admin's) part: who gets this week's digest, cut into batches of
 * DIGEST_BATCH_SIZE handed to `enqueue` (Cloud Tasks in production, so no one invocation has to
 * reach everyone). The window is the week before `now`, from the same Amsterdam time a week ago.
 */
export async function planWeeklyDigest(
  db: Db,
  now: Date,
  enqueue: (batch: DigestBatch) => Promise<void>,
  batchSize = DIGEST_BATCH_SIZE,
): Promise<{ members: number; batches: number }> {
  const ids = await digestRecipientIds(db, now, config.graceDays());
  const week = digestWeekKey(now);
  const since = weekBefore(now).toISOString();
  const until = now.toISOString();
  let batches = 0;
  for (let i = 0; i < ids.length; i += batchSize) {
    await enqueue({ week, since, until, profileIds: ids.slice(i, i + batchSize) });
    batches++;
  }
  logs.info('weekly digest planned', { week, members: ids.length, batches });
  return { members: ids.length, batches };
}

/** Thrown when some mails of a batch were refused: the task queue runs the batch again. */
export class DigestBatchIncomplete extends Error {
  constructor(readonly failed: number[]) {
    super(`weekly digest: ${failed.length} mail(s) not sent, the batch will be retried`);
  }
}

let weekCache: { key: string; at: number; week: Promise<DigestWeek> } | undefined;

/** What the week brought for everyone; one read per instance per batch window (10 minutes). */
function readWeek(db: Db, since: Date, until: Date, readCms: typeof readDigestCms): Promise<DigestWeek> {
  const key = `${since.toISOString()}|${until.toISOString()}`;
  const cacheable = readCms === readDigestCms; // a test's own CMS reader is never cached
  if (cacheable && weekCache?.key === key && Date.now() - weekCache.at < 10 * 60_000) return weekCache.week;
  const week = (async (): Promise<DigestWeek> => {
    const [posts, newMembers, cms] = await Promise.all([
      topPosts(db, since, until, DIGEST_TOP_POSTS),
      newMemberCount(db, since, until),
      readCms(since, until),
    ]);
    return { topPosts: posts, newMembers, ...cms };
  })();
  if (!cacheable) return week;
  weekCache = { key, at: Date.now(), week };
  week.catch(() => {
    if (weekCache?.week === week) weekCache = undefined;
  });
  return week;
}

/**
 * The task's part: one digest to each member of the batch who still wants it and has something
 * new. Each mail is claimed in mail_sends under (member, 'digest', week) before it is sent, so a
 * retried batch, a second plan in the same week or two tasks at once never send a member a second
 * digest. Mails the server refused give their claim back; the batch then throws so the task is
 * retried, and the retry sends only those.
 */
export async function sendDigestBatch(
  db: Db,
  batch: DigestBatch,
  readCms: (since: Date, until: Date) => Promise<DigestCms> = readDigestCms,
): Promise<{ sent: number; skipped: number }> {
  const since = new Date(batch.since);
  const until = new Date(batch.until);
  const recipients = await digestRecipients(db, batch.profileIds, new Date(), config.graceDays());
  const week = await readWeek(db, since, until, readCms);
  const activity = await ownActivity(
    db,
    recipients.map((r) => r.profileId),
    since,
    until,
  );
  let sent = 0;
  const failed: number[] = [];
  for (const recipient of recipients) {
    const own = activity.get(recipient.profileId) ?? noOwnActivity();
    if (!digestHasNews(week, own)) continue;
    const sendId = await claimSend(db, {
      profileId: recipient.profileId,
      kind: 'digest',
      periodKey: batch.week,
    });
    if (sendId === null) continue;
    const outcome = await buildAndDeliver('weekly digest', { profileId: recipient.profileId, sendId }, () =>
      digestMail(recipient, week, own),
    );
    if (outcome === 'sent') {
      await markSent(db, sendId, own.posts.length);
      sent++;
    } else if (outcome === 'refused') {
      // ('unknown': it may have arrived; the claim stays (at most once), findable by its empty sent_at.)
      await releaseClaim(db, sendId, []);
      failed.push(recipient.profileId);
    }
  }
  logs.info('weekly digest batch', {
    week: batch.week,
    members: batch.profileIds.length,
    sent,
    failed: failed.length,
  });
  if (failed.length > 0) throw new DigestBatchIncomplete(failed);
  return { sent, skipped: batch.profileIds.length - sent };
}
