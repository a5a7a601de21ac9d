import type { Mail } from '../lib/mail.ts';
import { type MailContent, renderMailHtml, renderMailText } from '../mail/mail-layout.ts';

/**
 * A factuur or creditnota mailed again at the admin's request ('Bon opnieuw sturen'): a service mail
 * (no unsubscribe link, like the billing mails) with the PDF as issued attached.
 */
export async function receiptMail(input: {
  email: string;
  firstName: string;
  /** Factuur, Creditnota or Herstelfactuur (`documentTitle`). */
  title: string;
  number: string;
  fileName: string;
  pdf: Buffer;
}): Promise<Mail> {
  const what = input.title.toLowerCase();
  const subject = `Je ${what} ${input.number} van Kring`;
  const c: MailContent = {
    preview: subject,
    greeting: `Hoi ${input.firstName},`,
    intro: `Op je verzoek sturen we je ${what} ${input.number} nog een keer. Je vindt hem als PDF in de bijlage van deze mail.`,
    items: [],
    footerLinks: [],
    footerNote:
      'Dit is een servicebericht over je lidmaatschap van Kring. Je facturen staan ook op je lidmaatschapspagina.',
  };
  return {
    to: input.email,
    subject,
    text: renderMailText(c),
    html: await renderMailHtml(c),
    attachments: [{ filename: input.fileName, content: input.pdf, contentType: 'application/pdf' }],
  };
}
