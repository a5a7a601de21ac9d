import { findMembership } from '../../accounts/memberships.repo.ts';
import { config } from '../../lib/config.ts';
import type { Db } from '../../lib/db.ts';
import { logs } from '../../lib/logs.ts';
import { buildAndDeliver, type Mail } from '../../lib/mail.ts';
import { type MailContent, renderMailHtml, renderMailText } from '../../mail/mail-layout.ts';
import { dunningRecipient } from '../billing/billing.repo.ts';
import { euro } from '../dunning/dunning-mail.ts';
import {
  centsToValue,
  claimPriceNoticeMail,
  findPlan,
  releasePriceNoticeMail,
  unmailedPriceNotices,
} from './plans.repo.ts';
import { effectiveFrom } from './price-change.ts';

const dateText = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

const perInterval: Record<string, string> = { '1 month': 'per maand', '12 months': 'per jaar' };

export interface PriceNoticeMailInput {
  email: string;
  firstName: string;
  planName: string;
  /** Mollie's interval of the plan ('1 month', '12 months'). */
  interval: string;
  currency: string;
  oldPriceCents: number;
  newPriceCents: number;
  effectiveFrom: Date;
}

/** The notice of a price change; a service mail (no unsubscribe link or header), like the dunning mails. */
export async function priceNoticeMail(input: PriceNoticeMailInput): Promise<Mail> {
  const money = (cents: number) => euro({ value: centsToValue(cents), currency: input.currency });
  const rise = input.newPriceCents > input.oldPriceCents;
  const subject = `Je lidmaatschap van Kring wordt ${rise ? 'duurder' : 'goedkoper'}`;
  const from = dateText.format(input.effectiveFrom);
  const c: MailContent = {
    preview: subject,
    greeting: `Hoi ${input.firstName},`,
    intro: `De prijs van je lidmaatschap '${input.planName}' gaat van ${money(input.oldPriceCents)} naar ${money(input.newPriceCents)} ${perInterval[input.interval] ?? 'per periode'}. De nieuwe prijs geldt vanaf ${from}: de betaling op die datum is de eerste tegen de nieuwe prijs. Tot dan betaal je de oude prijs.`,
    items: [
      {
        text: rise ? `Wil je dit niet? Zeg je lidmaatschap vóór ${from} op` : 'Je hoeft niets te doen',
        about: rise
          ? "Met 'Opzeggen' op je lidmaatschapspagina; je houdt toegang tot het einde van de periode die je al betaald hebt."
          : "Opzeggen kan altijd met 'Opzeggen' op je lidmaatschapspagina.",
        link: { label: 'Opzeggen', url: `${config.publicBaseUrl()}/account/lidmaatschap` },
      },
    ],
    footerLinks: [],
    footerNote:
      'Dit is een servicebericht over je lidmaatschap van Kring; je krijgt het ook als je andere mail van ons hebt uitgezet.',
  };
  return { to: input.email, subject, text: renderMailText(c), html: await renderMailHtml(c) };
}

type Notice = Awaited<ReturnType<typeof unmailedPriceNotices>>[number];

/**
 * Mails one notice, once: the row is claimed first (`mailed_at`), so concurrent runs send it once. A
 * rise's date is recomputed at the claim from the mail's own moment (first period start at least 30
 * days after it, never earlier than recorded), so the mail states the date the rise really applies.
 * A refusing mail server gives the claim back; a broken connection after handing over keeps it.
 */
export async function sendPriceNoticeMail(db: Db, notice: Notice, now: Date): Promise<boolean> {
  const m = await findMembership(db, notice.uid);
  const renewing = m?.status === 'active' && m.mollie_subscription_id && !m.subscription_stopped_at;
  if (!m?.expires_at || !renewing || m.plan_id !== notice.plan_id || m.price_cents !== notice.old_price_cents)
    return false; // applyDuePriceNotices closes it without a change
  const recipient = await dunningRecipient(db, notice.uid);
  const plan = await findPlan(db, notice.plan_id);
  if (!recipient?.email || !plan) return false;
  const rise = notice.new_price_cents > notice.old_price_cents;
  const fromMail = effectiveFrom(m.expires_at, m.subscription_interval ?? plan.interval, now);
  const date = rise && fromMail > notice.effective_from ? fromMail : notice.effective_from;
  const claimed = await claimPriceNoticeMail(db, notice.id, now, date);
  if (!claimed) return false;
  const outcome = await buildAndDeliver('price notice mail', { noticeId: notice.id }, () =>
    priceNoticeMail({
      email: recipient.email!,
      firstName: recipient.first_name,
      planName: plan.name,
      interval: m.subscription_interval ?? plan.interval,
      currency: plan.currency,
      oldPriceCents: claimed.old_price_cents,
      newPriceCents: claimed.new_price_cents,
      effectiveFrom: claimed.effective_from,
    }),
  );
  if (outcome === 'refused') await releasePriceNoticeMail(db, notice.id);
  return outcome === 'sent';
}

/**
 * The hourly job's step (and change-plan-price.ts right after recording): every notice not mailed yet.
 * Stops at `deadline` (ms epoch): a mail server that times out (10 s a connection) must not use up the
 * hourly job's time before its expiry sweep; what is left goes in the next run.
 */
export async function sendPriceNoticeMails(db: Db, now: Date, uids?: string[], deadline = Infinity) {
  const result: { sent: number[]; failed: number[] } = { sent: [], failed: [] };
  for (const notice of await unmailedPriceNotices(db, uids)) {
    if (Date.now() >= deadline) {
      logs.warn('price notice mails left for the next run', { noticeId: notice.id });
      break;
    }
    try {
      if (await sendPriceNoticeMail(db, notice, now)) result.sent.push(notice.id);
    } catch (error) {
      logs.error('price notice mail step failed', { noticeId: notice.id, error });
      result.failed.push(notice.id);
    }
  }
  return result;
}
