import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { emptyInput, isoDate } from '../../schemas.ts';

/** One stored row as it leaves in the export: column names as stored, dates as ISO strings. */
const row = z.record(z.string(), z.unknown());

/**
 * "Download mijn gegevens" (GDPR art. 15 and 20): everything Kring stores about the caller, as one
 * JSON document. The web saves it as a file. Needs a recent sign-in: it is all their personal data.
 */
export const exportMyData = endpoint({
  service: 'privacy',
  name: 'exportMyData',
  access: 'signedIn',
  session: 'recent',
  rateLimit: rateLimits.privacy,
  input: emptyInput,
  output: z.object({
    exportedAt: isoDate,
    account: z.object({
      uid: z.string(),
      email: z.string().nullable(),
      role: z.number(),
      createdAt: isoDate,
    }),
    profile: row.nullable(),
    /** Personal details and the membership's state. */
    membership: row.nullable(),
    payments: z.array(row),
    posts: z.array(row),
    comments: z.array(row),
    postVotes: z.array(row),
    commentVotes: z.array(row),
    /** Chat messages the member sent (messages others sent them are the other member's data). */
    messagesSent: z.array(row),
    notifications: z.array(row),
    mailPreferences: row.nullable(),
    uploads: z.array(row),
    /** Reports the member filed, and how they were resolved (not by whom). */
    reportsFiled: z.array(row),
    /** Members they blocked in chat. */
    chatBlocks: z.array(row),
    /** Their suspension, current or past (not the admin who imposed it). */
    suspensions: z.array(row),
    /** Admin log entries about them (a role change: what, why, when), not the admin who made them. */
    adminLog: z.array(row),
    /** Price changes announced to them (old and new price, when noticed, from when). */
    priceNotices: z.array(row),
    /** Their facturen and creditnota's, each with the PDF exactly as issued (base64). */
    invoices: z.array(
      z.object({
        number: z.string(),
        kind: z.enum(['invoice', 'credit_note']),
        paymentId: z.string(),
        issuedAt: isoDate,
        totalCents: z.number().int(),
        currency: z.string(),
        sha256: z.string(),
        pdfBase64: z.string(),
      }),
    ),
  }),
});
