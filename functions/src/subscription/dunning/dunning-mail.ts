import type { DunningMailKind } from '../../db/schema.ts';
import { config } from '../../lib/config.ts';
import type { Mail } from '../../lib/mail.ts';
import { type MailContent, renderMailHtml, renderMailText } from '../../mail/mail-layout.ts';
import { failureReasonText } from './failure-reasons.ts';

const dateText = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

export const euro = (amount: { value: string; currency: string }) =>
  new Intl.NumberFormat('nl-NL', { style: 'currency', currency: amount.currency }).format(
    Number(amount.value),
  );

export interface DunningMailInput {
  kind: DunningMailKind;
  email: string;
  firstName: string;
  /** Mollie's code (SEPA return code or card reason) of the failed renewal. */
  reasonCode: string | null;
  amount: { value: string; currency: string };
  accessUntil: Date;
}

const subjects: Record<DunningMailKind, string> = {
  failed: 'Je betaling voor Kring is niet gelukt',
  reminder: 'Nog twee dagen: betaal je lidmaatschap van Kring',
  ended: 'Je lidmaatschap van Kring is gestopt',
};

/** The words of each mail; a service mail, so no unsubscribe link and no List-Unsubscribe header. */
function content(input: DunningMailInput): MailContent {
  const base = config.publicBaseUrl();
  const until = dateText.format(input.accessUntil);
  const reason = failureReasonText(input.reasonCode);
  const pay = {
    text: `Betaal de gemiste periode (${euro(input.amount)}) met iDEAL`,
    about: 'Daarna gebruiken we die rekening ook voor je volgende betalingen.',
    link: { label: 'Nu betalen', url: `${base}/account/lidmaatschap#nu-betalen` },
  };
  const intros: Record<DunningMailKind, string> = {
    failed: `De automatische betaling van je lidmaatschap (${euro(input.amount)}) is niet gelukt. Reden: ${reason} Je houdt toegang tot ${until}; betaal vóór die datum om lid te blijven.`,
    reminder: `De betaling van je lidmaatschap (${euro(input.amount)}) hebben we nog niet ontvangen. Reden: ${reason} Over twee dagen, op ${until}, stopt je toegang tot de community.`,
    ended: `We hebben de betaling van je lidmaatschap niet ontvangen, daarom is je toegang tot de community op ${until} gestopt. Je kunt altijd opnieuw lid worden.`,
  };
  return {
    preview: subjects[input.kind],
    greeting: `Hoi ${input.firstName},`,
    intro: intros[input.kind],
    items:
      input.kind === 'ended'
        ? [{ text: 'Opnieuw lid worden', about: '', link: { label: 'Lid worden', url: `${base}/community` } }]
        : [pay],
    footerLinks: [],
    footerNote:
      'Dit is een servicebericht over je lidmaatschap van Kring; je krijgt het ook als je andere mail van ons hebt uitgezet.',
  };
}

export async function dunningMail(input: DunningMailInput): Promise<Mail> {
  const c = content(input);
  return {
    to: input.email,
    subject: subjects[input.kind],
    text: renderMailText(c),
    html: await renderMailHtml(c),
  };
}
