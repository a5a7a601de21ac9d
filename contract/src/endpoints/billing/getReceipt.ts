import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';

/**
 * One of the caller's own facturen or creditnota's as the PDF that was issued (base64). Anyone
 * else's number answers 404, exactly as a number that does not exist.
 */
export const getReceipt = endpoint({
  service: 'billing',
  name: 'getReceipt',
  access: 'signedIn',
  input: z.object({
    number: z.string({ error: 'Onbekend factuurnummer.' }).regex(/^KR-\d{6,}$/, 'Onbekend factuurnummer.'),
  }),
  output: z.object({ fileName: z.string(), contentBase64: z.string(), sha256: z.string() }),
});
