/**
 * Test support for the community tests (only *.test.ts import it): local stand-ins for the Realtime
 * Database, an SMTP inbox and Strapi's articles API, plus small helpers to make content.
 */
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Topic } from '@kring/contract';
import { deleteApp, getApps } from 'firebase-admin/app';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { type RtdbServer, startRtdbServer } from '../../tools/rtdb/server.ts';
import { listAllTopics } from '../src/community/topics/topics.repo.ts';
import { closeDb, getDb } from '../src/lib/db.ts';
import { call, createMember, uniqueName, withVerifiedEmail } from './helpers.ts';

export type Member = Awaited<ReturnType<typeof createMember>>;

/**
 * Starts the RTDB stand-in and points firebase-admin at it. Call it in beforeAll before anything
 * touches firebase-admin (createUser does): the app reads the emulator host once, when it is made.
 */
export async function startRealtime(): Promise<RtdbServer> {
  const server = await startRtdbServer({
    port: 0,
    rulesPath: resolve(import.meta.dirname, '../../database.rules.json'),
  });
  process.env.FIREBASE_DATABASE_EMULATOR_HOST = `127.0.0.1:${server.port}`;
  return server;
}

/** Closes what a community test file opened. */
export async function stopAll(realtime?: RtdbServer): Promise<void> {
  await Promise.all(getApps().map((app) => deleteApp(app)));
  await realtime?.close();
  await closeDb();
}

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Header lines by lower-case name, unfolded. */
  headers: Record<string, string>;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

interface ParsedMail {
  to?: { text: string };
  subject?: string;
  text?: string;
  html?: string | false;
  headerLines?: { key: string; line: string }[];
  attachments?: { filename?: string; contentType: string; content: Buffer }[];
}
// mailparser ships no types; this is the one function used.
const { simpleParser } = createRequire(import.meta.url)('mailparser') as {
  simpleParser: (source: Buffer) => Promise<ParsedMail>;
};

/** An in-process SMTP inbox on a free loopback port; SMTP_HOST/SMTP_PORT point the mailer at it. */
export async function startSmtpCatcher() {
  const inbox: CaughtMail[] = [];
  const waiting: (() => void)[] = [];
  /** Addresses the server refuses (550) until they are taken off the list. */
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address)) {
        const error = Object.assign(new Error('mailbox unavailable'), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const mail = await simpleParser(Buffer.concat(chunks));
        inbox.push({
          to: mail.to?.text ?? '',
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          attachments: (mail.attachments ?? []).map((a) => ({
            filename: a.filename ?? '',
            contentType: a.contentType,
            content: a.content,
          })),
          headers: Object.fromEntries(
            (mail.headerLines ?? []).map((h) => [
              h.key,
              h.line
                .slice(h.line.indexOf(':') + 1)
                .replace(/\r?\n[ \t]+/g, ' ')
                .trim(),
            ]),
          ),
        });
        for (const wake of waiting.splice(0)) wake();
        done();
      });
    },
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.server.address() as AddressInfo;
  process.env.SMTP_HOST = '127.0.0.1';
  process.env.SMTP_PORT = String(port);
  return {
    inbox,
    refused,
    /** The first mail to `to`, waiting up to two seconds for it. */
    async mailTo(to: string): Promise<CaughtMail | undefined> {
      const deadline = Date.now() + 2_000;
      while (Date.now() < deadline) {
        const found = inbox.find((m) => m.to.includes(to));
        if (found) return found;
        await new Promise<void>((wake) => {
          waiting.push(wake);
          setTimeout(wake, 100);
        });
      }
      return undefined;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;

/** The test file's SMTP inbox: started before its tests (handed to `onStart`), closed after them. */
export function useSmtpCatcher(onStart: (smtp: SmtpCatcher) => void): void {
  let smtp: SmtpCatcher | undefined;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    onStart(smtp);
  });
  afterAll(async () => {
    await smtp?.close();
  });
}

/** A member whose address is verified: notification and digest mail go only to those (issue 15). */
export const mailable = async (role: 1 | 2 | 3) => withVerifiedEmail(await createMember(role));

/** Lets a mail that would arrive arrive before asserting there is none. */
export const settle = () => new Promise((r) => setTimeout(r, 300));

/**
 * The set-up of a mail test file: call it at the top of the file. The RTDB stand-in and an SMTP inbox
 * start before its tests and close after them; `smtp()` is the inbox, `mailsTo` every mail to a member.
 */
export function mailTestFile() {
  let realtime: RtdbServer | undefined;
  let catcher: SmtpCatcher | undefined;
  beforeAll(async () => {
    realtime = await startRealtime();
    catcher = await startSmtpCatcher();
  });
  afterAll(async () => {
    await catcher?.close();
    await stopAll(realtime);
  });
  const smtp = (): SmtpCatcher => {
    if (!catcher) throw new Error('the SMTP inbox starts in beforeAll: use it inside a test');
    return catcher;
  };
  return { smtp, mailsTo: (member: Member) => smtp().inbox.filter((m) => m.to.includes(member.email)) };
}

/**
 * Answers `GET /api/articles?filters[slug][$eq]=…` like Strapi 5 with a read-only token: the
 * matching published articles, 401 without the token. `fail` makes it answer 500.
 */
export async function startFakeStrapi(slugs: string[], token = 'test-cms-token') {
  const state = { fail: false, requests: 0 };
  const server: Server = createServer((req, res) => {
    state.requests++;
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (state.fail) return send(500, { data: null, error: { status: 500, name: 'InternalServerError' } });
    if (req.headers.authorization !== `Bearer ${token}`) {
      return send(401, { data: null, error: { status: 401, name: 'UnauthorizedError' } });
    }
    if (url.pathname !== '/api/articles') return send(404, { data: null, error: { status: 404 } });
    const slug = url.searchParams.get('filters[slug][$eq]');
    const data = slugs
      .filter((s) => slug === null || s === slug)
      .map((s, i) => ({ id: i + 1, documentId: `doc${i + 1}`, slug: s }));
    send(200, { data, meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: data.length } } });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  process.env.CMS_URL = `http://127.0.0.1:${port}`;
  process.env.CMS_API_TOKEN = token;
  return {
    state,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((d) => server.close(() => d())),
  };
}

/** A fresh topic (topics have no endpoint: an administrator or a seed makes them). */
export async function makeTopic(prefix = 'onderwerp'): Promise<Topic> {
  const name = uniqueName(prefix);
  const db = await getDb();
  const { id } = await db
    .insertInto('topics')
    .values({ name, slug: name.toLowerCase().replace(/_/g, '-') })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await listAllTopics(db)).find((topic) => topic.id === id)!;
}

/** Creates a post through the API and returns it. */
export async function makePost(
  author: Member,
  fields: Partial<{ title: string; content: string; topics: number[] }> = {},
) {
  const res = await call(
    'createPost',
    {
      title: fields.title ?? 'Een vraag',
      content: fields.content ?? 'Wat vinden jullie?',
      topics: fields.topics ?? [],
    },
    author,
  );
  if (res.status !== 200) throw new Error(`createPost failed: ${JSON.stringify(res.body)}`);
  return res.body.post;
}

/** Creates a comment through the API and returns its id. */
export async function makeComment(
  author: Member,
  postId: number,
  content = 'Goed punt',
  parentId: number | null = null,
) {
  const res = await call('createComment', { postId, parentId, content }, author);
  if (res.status !== 200) throw new Error(`createComment failed: ${JSON.stringify(res.body)}`);
  return res.body.comment.id;
}
