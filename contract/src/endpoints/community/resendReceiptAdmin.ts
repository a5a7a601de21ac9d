import { z } from 'zod';
import { rateLimits } from '../../limits.ts';
import { reason } from '../../schemas.ts';
import { getReceipt } from '../billing/getReceipt.ts';
import { adminEndpoint, memberUid } from './admin-schemas.ts';

/** Mails the member one of their facturen or creditnota's again (the PDF as issued), logged with a reason. */
export const resendReceiptAdmin = adminEndpoint({
  name: 'resendReceiptAdmin',
  rateLimit: rateLimits.moderation,
  input: getReceipt.input.extend({ uid: memberUid, reason }),
  output: z.object({ sentTo: z.string() }),
});
