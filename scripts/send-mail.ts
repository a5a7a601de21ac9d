import { type MailJob, runMailJob } from './lib/mail-schedule.ts';

/**
 * Runs a mail job now against the running local stack (`npm run dev`), as the demo admin:
 *   npx tsx scripts/send-mail.ts notifications   the pending reply/upvote mails
 *   npx tsx scripts/send-mail.ts digest          this week's digest (batches via the Tasks emulator)
 * The mails land in maildev (http://127.0.0.1:1080).
 */
const job = process.argv[2];
if (job !== 'notifications' && job !== 'digest') {
  console.error('usage: npx tsx scripts/send-mail.ts notifications|digest');
  process.exit(2);
}
try {
  const answer = await runMailJob(job as MailJob);
  console.log(
    job === 'digest'
      ? `weekly digest planned for ${answer.members} member(s) in ${answer.batches} batch(es); the Tasks emulator sends them now (see http://127.0.0.1:1080)`
      : `${answer.sent} notification mail(s) sent (see http://127.0.0.1:1080)`,
  );
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : String(error)} — is 'npm run dev' running?`);
  process.exit(1);
}
