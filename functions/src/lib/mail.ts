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
        // A batch of digests reuses its connections instead of a TCP + EHLO round per mail.
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
 * Sends one mail. A failure is logged and reported as `false`, never thrown: mail is a courtesy
 * on top of an action that already happened.
 */
export async function sendMail(mail: Mail): Promise<boolean> {
  try {
    await transport().sendMail({ from: config.smtp().from, ...mail });
    return true;
  } catch (error) {
    logs.warn('mail not sent', { subject: mail.subject, error });
    return false;
  }
}

/** Escapes text for an HTML mail body. */
export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
