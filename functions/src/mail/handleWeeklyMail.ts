import type { handleWeeklyMail } from '@kring/contract';
import type { Handler } from '../lib/handler.ts';
import { startWeeklyDigest } from './digest-queue.ts';

/** An admin's run by hand of the Monday digest: planned now, sent in batches by the task queue. */
export const handleWeeklyMailHandler: Handler<typeof handleWeeklyMail> = () => startWeeklyDigest();
