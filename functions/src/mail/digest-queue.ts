import { config } from '../lib/config.ts';
import { getDb } from '../lib/db.ts';
import { enqueueTask } from '../lib/firebase.ts';
import { logs } from '../lib/logs.ts';
import {
  type DigestBatch,
  DigestBatchIncomplete,
  planWeeklyDigest,
  sendDigestBatch,
} from './weekly-digest.ts';

/** The task queue function that sends one batch (index.ts exports it under this name). */
export const DIGEST_TASK_FUNCTION = 'digestBatchTask';

/** One batch to the task queue, or (tests, emulator without the Tasks emulator) sent right here. */
async function enqueueDigestBatch(batch: DigestBatch): Promise<void> {
  if (config.taskQueue() === 'cloud-tasks') {
    await enqueueTask(DIGEST_TASK_FUNCTION, { ...batch });
  } else {
    // No queue to retry it: a refused mail is logged, and a later run sends it (its claim was given back).
    await sendDigestBatch(await getDb(), batch).catch((error: unknown) => {
      if (!(error instanceof DigestBatchIncomplete)) throw error;
      logs.warn('weekly digest: mails refused in an inline batch', { failed: error.failed });
    });
  }
}

/** This week's digest for everyone: planned now, sent by the task queue in batches. */
export const startWeeklyDigest = async (now = new Date()) =>
  planWeeklyDigest(await getDb(), now, enqueueDigestBatch);
