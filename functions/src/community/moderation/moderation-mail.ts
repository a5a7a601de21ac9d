import { escapeHtml, type Mail } from '../../lib/mail.ts';

/** The Dutch mail that tells an author a moderator removed their post or comment, and why. */
export function removalMail(opts: {
  to: string;
  name: string;
  kind: 'post' | 'comment';
  postTitle: string;
  reason: string;
  /** The start of the removed comment, so the author knows which one. */
  excerpt?: string;
}): Mail {
  const what =
    opts.kind === 'post'
      ? `je bericht "${opts.postTitle}"`
      : `je reactie bij het bericht "${opts.postTitle}"`;
  const subject = opts.kind === 'post' ? 'Je bericht is verwijderd' : 'Je reactie is verwijderd';
  const excerpt = opts.excerpt
    ? opts.excerpt.length > 200
      ? `${opts.excerpt.slice(0, 200)}...`
      : opts.excerpt
    : null;
  const lines = [
    `Hallo ${opts.name},`,
    '',
    `Een moderator heeft ${what} verwijderd.`,
    ...(excerpt ? ['', `Je schreef: "${excerpt}"`] : []),
    '',
    `Reden: ${opts.reason}`,
    '',
    'Groet,',
    'Kring',
  ];
  const html = [
    `<p>Hallo ${escapeHtml(opts.name)},</p>`,
    `<p>Een moderator heeft ${escapeHtml(what)} verwijderd.</p>`,
    ...(excerpt ? [`<blockquote>${escapeHtml(excerpt)}</blockquote>`] : []),
    `<p><strong>Reden:</strong> ${escapeHtml(opts.reason)}</p>`,
    '<p>Groet,<br>Kring</p>',
  ].join('\n');
  return { to: opts.to, subject, text: lines.join('\n'), html };
}

/** The Dutch mail that tells a member they are suspended, until when, and why. */
export function suspensionMail(opts: { to: string; name: string; until: string; reason: string }): Mail {
  const [y, mo, d] = opts.until.split('-').map(Number);
  const date = new Intl.DateTimeFormat('nl-NL', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y!, mo! - 1, d!)));
  const lines = [
    `Hallo ${opts.name},`,
    '',
    `Een beheerder heeft je account geschorst tot ${date}. Tot die datum kun je de community niet gebruiken.`,
    '',
    `Reden: ${opts.reason}`,
    '',
    'Vanaf die datum heb je weer toegang zoals voorheen.',
    '',
    'Groet,',
    'Kring',
  ];
  const html = [
    `<p>Hallo ${escapeHtml(opts.name)},</p>`,
    `<p>Een beheerder heeft je account geschorst tot ${escapeHtml(date)}. Tot die datum kun je de community niet gebruiken.</p>`,
    `<p><strong>Reden:</strong> ${escapeHtml(opts.reason)}</p>`,
    '<p>Vanaf die datum heb je weer toegang zoals voorheen.</p>',
    '<p>Groet,<br>Kring</p>',
  ].join('\n');
  return { to: opts.to, subject: 'Je account is geschorst', text: lines.join('\n'), html };
}
