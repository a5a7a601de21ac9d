import { describe, expect, it } from 'vitest';
import { type SmtpCatcher, settle, useSmtpCatcher } from '../../../test/community.ts';
import {
  mailableMember,
  membershipOf,
  type PaymentSandbox,
  usePaymentSandbox,
} from '../../../test/subscription.ts';
import { getDb } from '../../lib/db.ts';
import { addDays, amsterdamDate } from '../period.ts';
import { priceNoticesOf } from './plans.repo.ts';
import { applyDuePriceNotices, changePlanPrice, effectiveFrom, mayApply } from './price-change.ts';
import { runPriceNoticeStep } from './price-notice-job.ts';
import { sendPriceNoticeMails } from './price-notice-mail.ts';

let ps: PaymentSandbox;
usePaymentSandbox((started) => {
  ps = started;
});
let smtp: SmtpCatcher;
useSmtpCatcher((started) => {
  smtp = started;
});

const noticeMailedAt = async (uid: string, at: Date) =>
  (await getDb()).updateTable('price_notices').set({ mailed_at: at }).where('uid', '=', uid).execute();
const inboxOf = (email: string) => smtp.inbox.filter((m) => m.to.includes(email));
const mollieAmount = async (customerId: string, subscriptionId: string) =>
  (await ps.mollie.customerSubscriptions.get(subscriptionId, { customerId })).amount.value;
const dateText = (d: Date) =>
  new Intl.DateTimeFormat('nl-NL', {
    timeZone: 'Europe/Amsterdam',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(d);

/** Changes the price for the test and puts it back afterwards (notices of the reset removed). */
async function withPrice(body: (now: Date) => Promise<void>) {
  const db = await getDb();
  const now = new Date();
  try {
    await body(now);
  } finally {
    await changePlanPrice(db, 'maandelijks', 995, now);
    await db.deleteFrom('price_notices').where('new_price_cents', '=', 995).execute();
  }
}

describe('30 days of notice, in Amsterdam calendar days (Mollie charges on Amsterdam dates)', () => {
  // Mailed 21 October 00:30 (summer time); a period starting 19 November 23:30 (winter time) is 30 x 24
  // hours later but its charge date is only 29 days after the mail's date.
  const mailedAt = new Date('2026-10-20T22:30:00Z');
  const start = new Date('2026-11-19T22:30:00Z');

  it('a rise mailed 29 calendar days before its charge date does not apply', () => {
    expect([amsterdamDate(mailedAt), amsterdamDate(start)]).toEqual(['2026-10-21', '2026-11-19']);
    const notice = { old_price_cents: 995, new_price_cents: 1095, mailed_at: mailedAt };
    expect(mayApply({ ...notice, effective_from: start })).toBe(false);
    expect(mayApply({ ...notice, effective_from: new Date('2026-11-20T22:30:00Z') })).toBe(true);
  });

  it('the date the mail states is the first period start 30 calendar days after it', () => {
    const from = effectiveFrom(new Date('2026-10-19T22:30:00Z'), '1 month', mailedAt);
    expect(amsterdamDate(from)).toBe('2026-12-19');
  });
});

describe('the price notice mail', () => {
  it('no rise is applied without a mail at least 30 days before; a late mail moves the date it states', async () => {
    const member = await mailableMember();
    const db = await getDb();
    smtp.refused.add(member.user.email); // the notice cannot be mailed
    await withPrice(async (now) => {
      const [mine] = (await changePlanPrice(db, 'maandelijks', 1095, now)).filter(
        (n) => n.uid === member.user.uid,
      );
      await sendPriceNoticeMails(db, now, [member.user.uid]);
      // The day before the recorded date: without a mail, the member keeps paying 9,95.
      expect(await applyDuePriceNotices(db, addDays(mine!.effectiveFrom, -1), [member.user.uid])).toEqual([]);
      expect(await mollieAmount(member.customerId, member.subscriptionId)).toBe('9.95');
      expect((await membershipOf(member.user.uid))!.price_cents).toBe(995);

      // The mail goes 40 days later (before the recorded date, but not 30 days before it): the rise
      // moves to the first period start at least 30 days after the mail.
      smtp.refused.delete(member.user.email);
      const late = addDays(now, 40);
      expect(late.getTime()).toBeLessThan(mine!.effectiveFrom.getTime());
      await sendPriceNoticeMails(db, late, [member.user.uid]);
      await settle();
      const moved = effectiveFrom(member.expiresAt, '1 month', late);
      expect(moved.getTime()).toBeGreaterThan(mine!.effectiveFrom.getTime());
      const [notice] = await priceNoticesOf(db, member.user.uid);
      expect(notice).toMatchObject({ effective_from: moved, mailed_at: late, applied_at: null });
      const mails = inboxOf(member.user.email);
      expect(mails.map((m) => m.subject)).toEqual(['Je lidmaatschap van Kring wordt duurder']);
      expect(mails[0]?.text).toContain(`vanaf ${dateText(moved)}`);
      expect(await applyDuePriceNotices(db, addDays(mine!.effectiveFrom, -1), [member.user.uid])).toEqual([]);
      expect(await applyDuePriceNotices(db, addDays(moved, -1), [member.user.uid])).toEqual([
        member.user.uid,
      ]);
      expect(await mollieAmount(member.customerId, member.subscriptionId)).toBe('10.95');
    });
  });

  it('states the old and new price, the plan, the date and how to cancel; a service mail', async () => {
    const member = await mailableMember();
    const db = await getDb();
    await withPrice(async (now) => {
      const [mine] = (await changePlanPrice(db, 'maandelijks', 1095, now)).filter(
        (n) => n.uid === member.user.uid,
      );
      await sendPriceNoticeMails(db, now, [member.user.uid]);
      await settle();
      const mail = await smtp.mailTo(member.user.email);
      expect(mail?.subject).toBe('Je lidmaatschap van Kring wordt duurder');
      const text = mail?.text.replace(/\s+/g, ' ') ?? '';
      expect(text).toContain('Maandelijks');
      expect(text).toContain('van € 9,95 naar € 10,95 per maand');
      expect(text).toContain(`vanaf ${dateText(mine!.effectiveFrom)}`);
      expect(text).toContain('Opzeggen');
      expect(text).toMatch(/http\S+\/account\/lidmaatschap/);
      expect(mail?.headers['list-unsubscribe']).toBeUndefined();
      expect(text).not.toContain('Afmelden');
      // Mailed in time: the rise applies on its recorded date.
      expect((await priceNoticesOf(db, member.user.uid))[0]?.mailed_at).toEqual(now);
      expect(await applyDuePriceNotices(db, addDays(mine!.effectiveFrom, -1), [member.user.uid])).toEqual([
        member.user.uid,
      ]);
    });
  });

  it('goes once under two concurrent job runs', async () => {
    const member = await mailableMember();
    const db = await getDb();
    await withPrice(async (now) => {
      await changePlanPrice(db, 'maandelijks', 1095, now);
      const runs = await Promise.all([
        runPriceNoticeStep(db, now, [member.user.uid]),
        runPriceNoticeStep(db, now, [member.user.uid]),
      ]);
      expect(runs.flatMap((r) => r.mailed)).toHaveLength(1);
      await runPriceNoticeStep(db, addDays(now, 1), [member.user.uid]);
      await settle();
      expect(inboxOf(member.user.email)).toHaveLength(1);
    });
  });

  it('a refused send is retried by the next run', async () => {
    const member = await mailableMember();
    const db = await getDb();
    smtp.refused.add(member.user.email);
    await withPrice(async (now) => {
      await changePlanPrice(db, 'maandelijks', 1095, now);
      expect((await runPriceNoticeStep(db, now, [member.user.uid])).mailed).toEqual([]);
      expect((await priceNoticesOf(db, member.user.uid))[0]?.mailed_at).toBeNull();
      smtp.refused.delete(member.user.email);
      expect((await runPriceNoticeStep(db, now, [member.user.uid])).mailed).toHaveLength(1);
      await settle();
      expect(inboxOf(member.user.email)).toHaveLength(1);
    });
  });

  it('the mail step stops at its time budget (a slow mail server cannot starve the expiry sweep); the next run mails', async () => {
    const member = await mailableMember();
    const db = await getDb();
    await withPrice(async (now) => {
      await changePlanPrice(db, 'maandelijks', 1095, now);
      const spent = await runPriceNoticeStep(db, now, [member.user.uid], { mailDeadline: Date.now() - 1 });
      expect(spent.mailed).toEqual([]);
      expect((await priceNoticesOf(db, member.user.uid))[0]?.mailed_at).toBeNull();
      const next = await runPriceNoticeStep(db, now, [member.user.uid], {
        mailDeadline: Date.now() + 60_000,
      });
      expect(next.mailed).toHaveLength(1);
      await settle();
      expect(inboxOf(member.user.email)).toHaveLength(1);
    });
  });

  it('a rise the operator takes back (the old price set again) is neither mailed nor applied', async () => {
    const member = await mailableMember();
    const db = await getDb();
    await withPrice(async (now) => {
      const [mine] = (await changePlanPrice(db, 'maandelijks', 1095, now)).filter(
        (n) => n.uid === member.user.uid,
      );
      await changePlanPrice(db, 'maandelijks', 995, now); // a mistake, taken back before any mail
      const step = await runPriceNoticeStep(db, now, [member.user.uid]);
      expect(step.mailed).toEqual([]);
      await settle();
      expect(inboxOf(member.user.email)).toEqual([]);
      await noticeMailedAt(member.user.uid, now); // even had it gone out
      expect(await applyDuePriceNotices(db, addDays(mine!.effectiveFrom, -1), [member.user.uid])).toEqual([]);
      expect(await mollieAmount(member.customerId, member.subscriptionId)).toBe('9.95');
      expect((await membershipOf(member.user.uid))!.price_cents).toBe(995);
    });
  });

  it('a decrease applies on its date without waiting for a mail', async () => {
    const member = await mailableMember();
    const db = await getDb();
    smtp.refused.add(member.user.email);
    await withPrice(async (now) => {
      const [mine] = (await changePlanPrice(db, 'maandelijks', 895, now)).filter(
        (n) => n.uid === member.user.uid,
      );
      expect(await applyDuePriceNotices(db, addDays(mine!.effectiveFrom, -1), [member.user.uid])).toEqual([
        member.user.uid,
      ]);
      expect(await mollieAmount(member.customerId, member.subscriptionId)).toBe('8.95');
    });
    smtp.refused.delete(member.user.email);
  });
});
