import { config } from '../../lib/config.ts';
import { getDb } from '../../lib/db.ts';
import { enqueueTask } from '../../lib/firebase.ts';
import { type DigestBatch, planWeeklyDigest, sendDigestBatch } from './weekly-digest.ts';

/** The task queue function that sends one batch (index.ts exports it under this name). */
export const DIGEST_TASK_FUNCTION = 'digestBatchTask';

/** One batch to the task queue, or (tests, emulator without the Tasks emulator) sent right here. */
async function enqueueDigestBatch(batch: DigestBatch): Promise<void> {
  if (config.taskQueue() === 'cloud-tasks') {
    await enqueueTask(DIGEST_TASK_FUNCTION, { ...batch });
  } else {
    await sendDigestBatch(await getDb(), batch);
  }
}

/** This week's digest for everyone: planned now, sent by the task queue in batches. */
export const startWeeklyDigest = async (now = new Date()) =>
  planWeeklyDigest(await getDb(), now, enqueueDigestBatch);
