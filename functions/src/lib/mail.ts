import nodemailer, { type Transporter } from 'nodemailer';
import { config } from './config.ts';
import { logs } from './logs.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
  /** Files sent along, e.g. a factuur's PDF. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

let cached: { key: string; transport: Transporter } | undefined;

/** One transport per SMTP configuration; config is read on every send so tests can point it elsewhere. */
function transport(): Transporter {
  const smtp = config.smtp();
  const key = JSON.stringify(smtp);
  if (cached?.key !== key) {
    cached?.transport.close();
    cached = {
      key,
      transport: nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.port === 465,
        // A batch of digests reuses its connections instead of a TCP + EHLO round per mail (up to 3
        // when several batches share an instance, as in scripts/bench/digest.ts).
        pool: true,
        maxConnections: 3,
        ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password } } : {}),
        // A stuck mail server must not hold a function call for nodemailer's default two minutes.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    };
  }
  return cached.transport;
}

/**
 * What became of a mail: `sent` (the server took it), `refused` (the server answered no, or never got
 * the message: safe to try again), `unknown` (the connection broke after the message was handed over:
 * it may have been delivered, so trying again could send it twice).
 */
export type MailOutcome = 'sent' | 'refused' | 'unknown';

/** SMTP steps before the message itself: a failure there means the message was never handed over. */
const beforeMessage = /^(CONN|EHLO|HELO|LHLO|STARTTLS|AUTH|MAIL FROM|RCPT TO)/;

export function outcomeOfFailure(error: unknown): Exclude<MailOutcome, 'sent'> {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    command?: unknown;
    responseCode?: unknown;
  };
  if (e.code === 'EENVELOPE') return 'refused';
  if (typeof e.responseCode === 'number' && e.responseCode >= 400) return 'refused';
  if (typeof e.command === 'string' && beforeMessage.test(e.command)) return 'refused';
  return 'unknown';
}

/** Sends one mail and says what became of it; failures are logged, never thrown. */
export async function deliverMail(mail: Mail): Promise<MailOutcome> {
  try {
    await transport().sendMail({ from: config.smtp().from, ...mail });
    return 'sent';
  } catch (error) {
    const outcome = outcomeOfFailure(error);
    logs.warn('mail not sent', { subject: mail.subject, outcome, error });
    return outcome;
  }
}

/**
 * Sends one mail. A failure is logged and reported as `false`, never thrown: mail is a courtesy
 * on top of an action that already happened.
 */
export const sendMail = async (mail: Mail): Promise<boolean> => (await deliverMail(mail)) === 'sent';

/**
 * Closes the pooled SMTP connections: the mail jobs call it when they end, so an instance that sleeps
 * between invocations never starts the next one on a connection the server has dropped.
 */
export function closeMailTransport(): void {
  cached?.transport.close();
  cached = undefined;
}

/** Escapes text for an HTML mail body. */
export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * Builds a mail and delivers it. One that cannot be built counts as refused (nothing went out: the
 * caller gives its claim back); an 'unknown' outcome is logged, since it may have arrived (the caller
 * keeps its claim: at most once). `what` names the mail in the logs, `context` whom it was for.
 */
export async function buildAndDeliver(
  what: string,
  context: Record<string, unknown>,
  build: () => Promise<Mail>,
): Promise<MailOutcome> {
  let outcome: MailOutcome = 'refused';
  try {
    outcome = await deliverMail(await build());
  } catch (error) {
    logs.error(`${what} not built`, { ...context, error });
  }
  if (outcome === 'unknown') logs.error(`${what} may not have arrived`, context);
  return outcome;
}
