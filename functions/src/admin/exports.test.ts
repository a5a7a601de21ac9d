import { Role } from '@kring/contract';
import { parse } from 'csv-parse/sync';
import { describe, expect, it, vi } from 'vitest';
import { expectAdminOnly, guardCallers } from '../../test/admin-guard.ts';
import { call, callRaw, createMember, createUser } from '../../test/helpers.ts';
import { getDb } from '../lib/db.ts';
import { issueDocuments } from '../subscription/invoices/issue.ts';
import { documentNumber } from '../subscription/invoices/money.ts';
import { csvChunks, euros, keepText } from './csv.ts';
import { exportMembersAdminHandler, memberColumns } from './exportMembersAdmin.ts';
import { paymentColumns } from './exportPaymentsAdmin.ts';
import { exportDocuments, exportMembers } from './exports.repo.ts';

const BOM = '\uFEFF';

/** The streamed answer as the browser would save it, and its header. */
async function download(name: string, input: unknown, user: { token: string }) {
  const res = (await callRaw(name, input, user)) as Awaited<ReturnType<typeof callRaw>> & {
    stream?: AsyncIterable<string | Uint8Array>;
  };
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const parts: Buffer[] = [];
  for await (const chunk of res.stream!) parts.push(Buffer.from(chunk));
  return { headers: res.headers as Record<string, string>, text: Buffer.concat(parts).toString('utf8') };
}

/** Rows as Dutch Excel reads them: BOM, ';' between fields, quoted fields may hold ';', '"' and newlines. */
const rowsOf = (text: string): string[][] => parse(text, { bom: true, delimiter: ';', relax_quotes: false });

async function enrol(uid: string, first: string, last: string, extra: Record<string, unknown> = {}) {
  await (await getDb())
    .insertInto('memberships')
    .values({
      uid,
      first_name: first,
      last_name: last,
      birthdate: '1984-07-09',
      phone_number: '0612345678',
      street_name: 'Lindengracht',
      house_number: '12',
      postal_code: '1015KM',
      city: 'Amsterdam',
      status: 'active',
      subscribed_at: new Date('2026-02-01T10:00:00Z'),
      plan_id: 'maandelijks',
      ...extra,
    })
    .execute();
}

describe('the CSV exports', () => {
  it('refuse members and moderators (403), no token and a stale admin session (401)', async () => {
    const callers = await guardCallers();
    const { member, moderator, admin } = callers;
    await expectAdminOnly(
      [
        ['exportMembersAdmin', {}],
        ['exportPaymentsAdmin', { month: '2031-03' }],
      ],
      callers,
    );
    const logged = await (await getDb())
      .selectFrom('admin_log')
      .select('action')
      .where('actor_uid', 'in', [member.uid, moderator.uid, admin.uid])
      .execute();
    expect(logged).toEqual([]);
  });

  it('a bad month is VALIDATION in Dutch on `month`', async () => {
    const admin = await createUser(Role.Admin);
    for (const month of ['2031-13', '2031-3', 'maart', '']) {
      const res = await callRaw('exportPaymentsAdmin', { month }, admin);
      expect(res.status, month).toBe(400);
      expect(res.body.error?.issues, month).toEqual([{ path: 'month', message: 'Kies een geldige maand' }]);
    }
  });

  it('members: BOM, `;`, dd-mm-jjjj, and names a spreadsheet would execute or split stay one text cell', async () => {
    const admin = await createUser(Role.Admin);
    const tricky = [
      ['Jan;Piet', 'de "Boer"'],
      ['Regel\neen', 'Twee\r\nregels'],
      ['=HYPERLINK("http://x")', '+31'],
      ['-2+3', '@SUM(A1)'],
      ['\tTab', '\rCR'],
    ];
    const uids: string[] = [];
    for (const [first, last] of tricky) {
      const user = await createMember();
      uids.push(user.uid);
      await enrol(user.uid, first!, last!, {
        expires_at: new Date('2027-01-31T23:30:00Z'),
        status: 'canceled',
      });
    }
    // An honorary member: a comp until 31 December 2027 (stored as the midnight after, in Amsterdam).
    const honorary = await createMember();
    await enrol(honorary.uid, 'Ere', 'Lid', {
      comp_kind: 'erelid',
      comp_until: new Date('2027-12-31T23:00:00Z'),
    });
    const { headers, text } = await download('exportMembersAdmin', {}, admin);
    expect(headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(headers['content-disposition']).toMatch(
      /^attachment; filename="kring-leden-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(text.startsWith(`${BOM}Lid-id;Voornaam;Achternaam;E-mailadres;`)).toBe(true);
    // Quoted where a field holds ';', '"' or a line break; quotes doubled; formulas behind an apostrophe.
    expect(text).toContain(`;"Jan;Piet";"de ""Boer""";`);
    expect(text).toContain(`;"Regel\neen";"Twee\r\nregels";`);
    expect(text).toContain(`;"'=HYPERLINK(""http://x"")";'+31;`);
    expect(text).toContain(`;'-2+3;'@SUM(A1);`);
    expect(text).toContain(`;'\tTab;"'\rCR";`);
    const [header, ...rows] = rowsOf(text);
    expect(header).toEqual([...memberColumns]);
    const mine = uids.map((uid) => rows.find((r) => r[0] === uid)!);
    expect(mine.map((r) => [r[1], r[2]])).toEqual([
      ['Jan;Piet', 'de "Boer"'],
      ['Regel\neen', 'Twee\r\nregels'],
      ['\'=HYPERLINK("http://x")', "'+31"],
      ["'-2+3", "'@SUM(A1)"],
      ["'\tTab", "'\rCR"],
    ]);
    const column = (name: (typeof memberColumns)[number]) => mine[0]![memberColumns.indexOf(name)];
    expect(column('Geboortedatum')).toBe('09-07-1984');
    expect(column('Lid sinds')).toBe('01-02-2026');
    // 23:30 UTC on 31 January is 1 February in the Netherlands.
    expect(column('Einddatum')).toBe('01-02-2027');
    expect(column('Status')).toBe('Opgezegd, loopt nog');
    expect(column('Plan')).toBe('Maandelijks');
    expect(column('Rol')).toBe('Lid');
    expect(column('Postcode')).toBe('1015KM');
    // The phone number as a text formula, so Excel and LibreOffice keep the leading 0. The exact bytes:
    // ="0612345678" in a quoted field, its quotes doubled; the parsed cell is what the spreadsheet evaluates.
    expect(text).toContain(`;Nederland;"=""0612345678""";09-07-1984;`);
    expect(column('Telefoon')).toBe('="0612345678"');
    expect([column('Gratis lidmaatschap'), column('Gratis tot en met')]).toEqual(['', '']);
    const ere = rows.find((r) => r[0] === honorary.uid)!;
    const ereColumn = (name: (typeof memberColumns)[number]) => ere[memberColumns.indexOf(name)];
    expect(ereColumn('Status')).toBe('Erelid of bestuur (gratis)');
    expect([ereColumn('Gratis lidmaatschap'), ereColumn('Gratis tot en met')]).toEqual([
      'Erelid',
      '31-12-2027',
    ]);
    const log = await (await getDb())
      .selectFrom('admin_log')
      .select(['action', 'reason'])
      .where('actor_uid', '=', admin.uid)
      .execute();
    expect(log).toEqual([{ action: 'EXPORT_MEMBERS', reason: 'Ledenlijst gedownload (CSV)' }]);
  });

  it("the members file is named after the day in the Netherlands, not UTC's", async () => {
    const admin = await createUser(Role.Admin);
    const db = await getDb();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 23:30 UTC on 30 November is 00:30 on 1 December in Amsterdam.
      vi.setSystemTime(new Date('2026-11-30T23:30:00Z'));
      const file = await exportMembersAdminHandler({ db, user: admin } as never, {} as never);
      for await (const _ of file.chunks); // read to the end: no query left running
      expect(file.fileName).toBe('kring-leden-2026-12-01.csv');
    } finally {
      vi.useRealTimers();
    }
  });

  it('members are read in keyset batches: every member once, whatever the batch size', async () => {
    const db = await getDb();
    for (let i = 0; i < 5; i++) await enrol((await createMember()).uid, `Lid${i}`, 'Batch');
    const all = await db.selectFrom('memberships').select('uid').orderBy('uid').execute();
    for (const batch of [1, 2, 3, all.length, all.length + 1]) {
      const seen: string[] = [];
      for await (const row of exportMembers(db, batch)) seen.push(row.uid);
      expect(seen, `batch ${batch}`).toEqual(all.map((r) => r.uid));
    }
  });
});

/** A paid payment of `value` (with `refunded` gone back) and its documents, issued at `at`. */
async function paidWithDocuments(uid: string, id: string, value: string, at: Date, refunded = '0.00') {
  const db = await getDb();
  await db
    .insertInto('payments')
    .values({
      id,
      uid,
      sequence_type: 'first',
      status: 'paid',
      amount_value: value,
      amount_currency: 'EUR',
      mollie_subscription_id: null,
      checkout_url: null,
      paid_at: at,
      amount_refunded: refunded,
      plan_id: 'maandelijks',
      method: 'ideal',
    })
    .execute();
  await db.transaction().execute((tx) => issueDocuments(tx, uid, id, at));
}

describe('the payments export', () => {
  it("one Dutch month of facturen and creditnota's, amounts with a decimal comma, totals exact to the cent", async () => {
    const admin = await createUser(Role.Admin);
    const sanne = await createMember();
    const joris = await createMember();
    await enrol(sanne.uid, 'Sanne', 'de Vries');
    await enrol(joris.uid, 'Joris', 'Bakker');
    // 1 March 00:30 in the Netherlands is still 28 February in UTC: it belongs to March.
    await paidWithDocuments(sanne.uid, 'tr_exp1', '9.95', new Date('2031-02-28T23:30:00Z'));
    await paidWithDocuments(joris.uid, 'tr_exp2', '99.00', new Date('2031-03-15T12:00:00Z'), '49.50');
    await paidWithDocuments(sanne.uid, 'tr_exp3', '0.01', new Date('2031-03-20T12:00:00Z'));
    // 1 April 00:30 in the Netherlands: April, not March.
    await paidWithDocuments(joris.uid, 'tr_exp4', '9.95', new Date('2031-03-31T22:30:00Z'));

    const { headers, text } = await download('exportPaymentsAdmin', { month: '2031-03' }, admin);
    expect(headers['content-disposition']).toBe('attachment; filename="kring-betalingen-2031-03.csv"');
    expect(text.startsWith(`${BOM}Nummer;Soort;Corrigeert;Datum;`)).toBe(true);
    const [header, ...rows] = rowsOf(text);
    expect(header).toEqual([...paymentColumns]);
    const pick = (r: string[]) => [r[1], r[3], r[5], r[7], r[8], r[9], r[10], r[11], r[12], r[13]];
    expect(rows.map(pick)).toEqual([
      ['Factuur', '01-03-2031', 'Sanne de Vries', '8,22', '1,73', '9,95', '21%', 'paid', 'ideal', 'tr_exp1'],
      ['Factuur', '15-03-2031', 'Joris Bakker', '81,82', '17,18', '99,00', '21%', 'paid', 'ideal', 'tr_exp2'],
      [
        'Creditnota',
        '15-03-2031',
        'Joris Bakker',
        '-40,91',
        '-8,59',
        '-49,50',
        '21%',
        'paid',
        'ideal',
        'tr_exp2',
      ],
      ['Factuur', '20-03-2031', 'Sanne de Vries', '0,01', '0,00', '0,01', '21%', 'paid', 'ideal', 'tr_exp3'],
    ]);
    expect(rows[2]![2]).toBe(rows[1]![0]);
    expect(rows[0]![0]).toMatch(/^KR-\d{6}$/);
    // The amounts add up to the cent: per row excl. + btw = totaal, and the month's total is what came in.
    const cents = (v: string) => Number(v.replace(',', ''));
    for (const r of rows) expect(cents(r[7]!) + cents(r[8]!), r[0]).toBe(cents(r[9]!));
    expect(rows.reduce((sum, r) => sum + cents(r[9]!), 0)).toBe(995 + 9900 - 4950 + 1);
    // Read in batches of one or two (same issue time for a factuur and its creditnota): the same rows.
    for (const batch of [1, 2]) {
      const numbers: string[] = [];
      for await (const d of exportDocuments(await getDb(), '2031-03', batch))
        numbers.push(documentNumber(d.number));
      expect(numbers, `batch ${batch}`).toEqual(rows.map((r) => r[0]));
    }
    const april = rowsOf((await download('exportPaymentsAdmin', { month: '2031-04' }, admin)).text);
    expect(april.slice(1).map((r) => [r[3], r[9], r[13]])).toEqual([['01-04-2031', '9,95', 'tr_exp4']]);
    const log = await (await getDb())
      .selectFrom('admin_log')
      .select(['action', 'details'])
      .where('actor_uid', '=', admin.uid)
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { action: 'EXPORT_PAYMENTS', details: { month: '2031-03' } },
      { action: 'EXPORT_PAYMENTS', details: { month: '2031-04' } },
    ]);
  });

  it('a refund that failed after its creditnota: the herstelfactuur brings every total back to what was paid, once', async () => {
    const admin = await createUser(Role.Admin);
    const lotte = await createMember();
    await enrol(lotte.uid, 'Lotte', 'Jansen');
    const at = new Date('2032-05-10T12:00:00Z');
    await paidWithDocuments(lotte.uid, 'tr_her1', '9.95', at);
    const db = await getDb();
    // What Mollie reports, in turn, each webhook recording it and issuing what it calls for.
    const report = async (refunded: string, chargedBack = '0.00') => {
      await db
        .updateTable('payments')
        .set({ amount_refunded: refunded, amount_charged_back: chargedBack })
        .where('id', '=', 'tr_her1')
        .execute();
      await db.transaction().execute((tx) => issueDocuments(tx, lotte.uid, 'tr_her1', at));
    };
    await report('2.00'); // refund pending: creditnota
    await report('0.00'); // refund failed: herstelfactuur
    // Duplicate webhooks, and later ones of the same payment (Mollie never re-pends it): nothing more.
    await report('0.00');
    await report('0.00');
    // A chargeback the bank reversed afterwards: a creditnota and a herstelfactuur again, once.
    await report('0.00', '9.95');
    await report('0.00', '0.00');
    await report('0.00', '0.00');

    const rows = rowsOf((await download('exportPaymentsAdmin', { month: '2032-05' }, admin)).text).slice(1);
    expect(rows.map((r) => [r[1], r[7], r[8], r[9]])).toEqual([
      ['Factuur', '8,22', '1,73', '9,95'],
      ['Creditnota', '-1,65', '-0,35', '-2,00'],
      ['Herstelfactuur', '1,65', '0,35', '2,00'],
      ['Creditnota', '-8,22', '-1,73', '-9,95'],
      ['Herstelfactuur', '8,22', '1,73', '9,95'],
    ]);
    for (const r of rows.slice(1)) expect(r[2], r[0]).toBe(rows[0]![0]);
    // Net revenue, net and VAT alike, is the payment: 9,95 = 8,22 + 1,73.
    const cents = (v: string) => Number(v.replace(',', ''));
    const sum = (i: number) => rows.reduce((s, r) => s + cents(r[i]!), 0);
    expect([sum(7), sum(8), sum(9)]).toEqual([822, 173, 995]);
    // The member's own list: the same documents, named as the CSV names them, adding up to 9,95.
    const mine = (await call('listMyPayments', {}, lotte)).body.payments;
    const tr = mine.find((p: { id: string }) => p.id === 'tr_her1')!;
    expect(tr.documents.map((d: { totalCents: number }) => d.totalCents)).toEqual([
      995, -200, 200, -995, 995,
    ]);
    expect(tr.documents.map((d: { number: string }) => d.number)).toEqual(rows.map((r) => r[0]));
  });

  it('phone numbers keep their leading 0 and + as text formulas; anything else in that column stays escaped text', async () => {
    async function* rows() {
      for (const phone of ['0612345678', '+31 6 1234 5678', '(020) 123-4567', '=1+1', '06"x', null]) {
        yield [keepText(phone)];
      }
    }
    let text = '';
    for await (const chunk of csvChunks(['Telefoon'], rows())) text += String(chunk);
    expect(text).toBe(
      `${BOM}Telefoon\r\n"=""0612345678"""\r\n"=""+31 6 1234 5678"""\r\n"=""(020) 123-4567"""\r\n'=1+1\r\n"06""x"\r\n\r\n`,
    );
  });

  it('a failure after the first rows ends the stream with that error, not with a shorter file', async () => {
    async function* rows() {
      yield ['Sanne'];
      throw new Error('database gone');
    }
    const read = async () => {
      let text = '';
      for await (const chunk of csvChunks(['Naam'], rows())) text += String(chunk);
      return text;
    };
    await expect(read()).rejects.toThrow('database gone');
  });

  it('a download cancelled by the reader stops reading rows', async () => {
    let asked = 0;
    async function* rows() {
      for (;;) {
        asked++;
        yield ['x'.repeat(10_000)];
      }
    }
    const stream = csvChunks(['Naam'], rows());
    for await (const _ of stream) break; // the reader goes away after the first chunk
    await new Promise((r) => setTimeout(r, 50));
    const after = asked;
    await new Promise((r) => setTimeout(r, 50));
    expect(asked).toBe(after);
    expect(asked).toBeLessThan(100);
  });

  it('a long export waits for the reader without piling up listeners (no leak, no MaxListeners warning)', async () => {
    async function* rows() {
      for (let i = 0; i < 5000; i++) yield [`Lid ${i}`, 'x'.repeat(200), 995];
    }
    const stream = csvChunks(['Naam', 'Opmerking', 'Bedrag'], rows()) as AsyncIterable<string> & {
      listenerCount(event: string): number;
    };
    let bytes = 0;
    let mostListeners = 0;
    for await (const chunk of stream) {
      bytes += chunk.length;
      mostListeners = Math.max(mostListeners, stream.listenerCount('close'), stream.listenerCount('drain'));
      await new Promise((r) => setImmediate(r)); // a reader slower than the rows: backpressure
    }
    expect(bytes).toBeGreaterThan(5000 * 200);
    // Each wait for the reader adds one listener and takes it away again: a handful, whatever the size.
    expect(mostListeners).toBeLessThanOrEqual(3);
  });

  it('euros(): integer cents to a decimal comma, exact', () => {
    expect([0, 1, -1, 50, -50, 995, -4950, 123456789].map(euros)).toEqual([
      '0,00',
      '0,01',
      '-0,01',
      '0,50',
      '-0,50',
      '9,95',
      '-49,50',
      '1234567,89',
    ]);
  });
});
