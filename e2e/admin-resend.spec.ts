import { expect, test } from '@playwright/test';
import { shoot, signIn, unique } from './support.ts';

// Issue 25, resend a receipt: the admin opens sanne's page at /beheer/leden, 'Bon opnieuw sturen' on
// her last payment with a reason (confirmed); the mail with the factuur's PDF arrives in the local
// SMTP server (maildev), and the log shows the resend with the reason.

const maildev = 'http://127.0.0.1:1080';
type Mail = {
  id: string;
  subject: string;
  to: { address: string }[];
  attachments?: { filename: string; generatedFileName: string; contentType: string }[];
};
const mails = async () => (await (await fetch(`${maildev}/api/email`)).json()) as Mail[];

test('the admin resends sanne’s factuur; the mail with the PDF arrives, the resend is logged', async ({
  page,
}) => {
  const seen = new Set((await mails()).map((m) => m.id));
  await signIn(page, 'admin@kring.local');
  await page.goto('/beheer/leden');
  await page.getByRole('searchbox', { name: 'Zoek op naam of e-mailadres' }).fill('sanne@kring');
  await page.getByRole('main').getByRole('button', { name: 'Zoeken' }).click();
  await page.getByRole('link', { name: /sanne/i }).click();
  const last = page.getByTestId('payment').first();
  const invoice = (await last.getByRole('button', { name: /^Factuur KR-/ }).textContent())!.replace(
    'Factuur ',
    '',
  );

  await last.getByRole('button', { name: 'Bon opnieuw sturen' }).click();
  const reason = `Lid vroeg erom ${unique()}`;
  await last.getByLabel('Reden (komt in het logboek)').fill(reason);
  await last.getByRole('button', { name: 'Bon opnieuw sturen' }).click();
  await expect(last.getByText(`opnieuw mailen naar sanne@kring.local?`, { exact: false })).toBeVisible();
  await shoot(page, 'admin-resend-confirm');
  await last.getByRole('button', { name: 'Ja, opnieuw sturen' }).click();
  await expect(page.getByText('De bon is gemaild naar sanne@kring.local.')).toBeVisible();
  const log = page.getByTestId('admin-log');
  await expect(log).toContainText('stuurde een bon opnieuw over sanne');
  await expect(log).toContainText(reason);
  await shoot(page, 'admin-resend-done');

  // The mail is in maildev: to sanne, the factuur's number in the subject, its PDF attached.
  let mail: Mail | undefined;
  await expect
    .poll(async () => {
      mail = (await mails()).find(
        (m) => !seen.has(m.id) && m.to.some((t) => t.address === 'sanne@kring.local'),
      );
      return mail?.subject;
    })
    .toBe(`Je factuur ${invoice} van Kring`);
  expect(mail!.attachments?.map((a) => [a.filename, a.contentType])).toEqual([
    [expect.stringMatching(/\.pdf$/), 'application/pdf'],
  ]);
  const pdf = await fetch(
    `${maildev}/api/email/${mail!.id}/attachment/${encodeURIComponent(mail!.attachments![0]!.generatedFileName)}`,
  );
  expect(
    Buffer.from(await pdf.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});
