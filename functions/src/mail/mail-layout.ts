import { createRequire } from 'node:module';
import { escapeHtml } from '../lib/mail.ts';

// mjml ships no types; this is the one function used (async since MJML 5).
type Mjml2Html = (
  mjml: string,
  options: { validationLevel: 'strict' | 'soft' | 'skip'; keepComments?: boolean },
) => Promise<{ html: string; errors: { formattedMessage: string }[] }>;
let mjml: Mjml2Html | undefined;
/**
 * Loaded on the first mail, not at import: mjml takes about 0.6 s to load, and the functions that
 * never send mail (site, most calls of web) load the same bundle.
 */
const mjml2html: Mjml2Html = (source, options) => {
  mjml ??= createRequire(import.meta.url)('mjml') as Mjml2Html;
  return mjml(source, options);
};

/** The site's colours (web/src/components/ui/theme.ts). */
const colors = {
  text: '#1a1a1a',
  muted: '#555555',
  surface: '#f5f3ef',
  border: '#d6d2ca',
  primary: '#1f3a5f',
  onPrimary: '#ffffff',
} as const;

export interface MailLink {
  label: string;
  url: string;
}

export interface MailItem {
  /** The sentence, e.g. 'karel heeft gereageerd op je bericht.' */
  text: string;
  /** What it is about, e.g. the post's title ('' for nothing). */
  about: string;
  /** Left out where several items share one link (a chat mail's messages: the last one carries it). */
  link?: MailLink;
}

export interface MailSection {
  title: string;
  /** A line under the title ('' or left out for none). */
  intro?: string;
  items: MailItem[];
}

export interface MailContent {
  /** Shown by mail apps beside the subject. */
  preview: string;
  greeting: string;
  intro: string;
  items: MailItem[];
  /** Titled groups after the items (the digest's 'Populair deze week', …). */
  sections?: MailSection[];
  /** 'Afmelden' and friends, shown in the footer; the first is also the List-Unsubscribe target. */
  footerLinks: MailLink[];
  footerNote: string;
}

const text = (content: string, attrs = '') => `<mj-text${attrs ? ` ${attrs}` : ''}>${content}</mj-text>`;

const renderItems = (items: MailItem[]) =>
  items
    .map(
      (item) => `
      <mj-section background-color="#ffffff" padding="0 16px">
        <mj-column border-bottom="1px solid ${colors.border}" padding="12px 0">
          ${text(`<strong>${escapeHtml(item.text)}</strong>`, 'padding="0 8px 4px"')}
          ${item.about ? text(escapeHtml(item.about), `padding="0 8px 8px" color="${colors.muted}"`) : ''}
          ${
            item.link
              ? text(
                  `<a href="${escapeHtml(item.link.url)}" style="color:${colors.primary};font-weight:bold;">${escapeHtml(item.link.label)}</a>`,
                  'padding="0 8px"',
                )
              : ''
          }
        </mj-column>
      </mj-section>`,
    )
    .join('');

const renderSection = (section: MailSection) => `
    <mj-section background-color="#ffffff" padding="16px 16px 0">
      <mj-column>
        ${text(escapeHtml(section.title), `padding="8px 8px 0" font-size="19px" font-weight="bold" color="${colors.primary}"`)}
        ${section.intro ? text(escapeHtml(section.intro), 'padding="4px 8px 0"') : ''}
      </mj-column>
    </mj-section>${renderItems(section.items)}`;

/**
 * Renders a Kring mail with MJML: one column that fits a phone, the site's colours, no images and
 * no tracking pixels. Every value is escaped here; callers pass plain text.
 */
export async function renderMailHtml(content: MailContent): Promise<string> {
  const items = renderItems(content.items) + (content.sections ?? []).map(renderSection).join('');
  const footer = content.footerLinks
    .map((l) => `<a href="${escapeHtml(l.url)}" style="color:${colors.muted};">${escapeHtml(l.label)}</a>`)
    .join(' &middot; ');
  const source = `
<mjml lang="nl">
  <mj-head>
    <mj-preview>${escapeHtml(content.preview)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="16px" line-height="1.5" color="${colors.text}" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${colors.surface}" width="600px">
    <mj-section background-color="${colors.primary}" padding="16px">
      <mj-column>
        ${text('Kring', `font-size="22px" font-weight="bold" color="${colors.onPrimary}"`)}
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="16px 16px 0">
      <mj-column>
        ${text(escapeHtml(content.greeting), 'padding="8px"')}
        ${text(escapeHtml(content.intro), 'padding="0 8px 8px"')}
      </mj-column>
    </mj-section>${items}
    <mj-section background-color="#ffffff" padding="8px 16px 16px">
      <mj-column>
        ${text('Groet,<br />Kring', 'padding="8px"')}
      </mj-column>
    </mj-section>
    <mj-section padding="16px">
      <mj-column>
        ${text(escapeHtml(content.footerNote), `font-size="13px" color="${colors.muted}" align="center"`)}
        ${text(footer, `font-size="13px" color="${colors.muted}" align="center"`)}
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  const { html, errors } = await mjml2html(source, { validationLevel: 'strict', keepComments: false });
  if (errors.length > 0)
    throw new Error(`mail template: ${errors.map((e) => e.formattedMessage).join('; ')}`);
  return html;
}

const textItems = (items: MailItem[]) =>
  items.flatMap((item) => [
    item.text,
    ...(item.about ? [item.about] : []),
    ...(item.link ? [`${item.link.label}: ${item.link.url}`] : []),
    '',
  ]);

/** The plain-text part of the same mail. */
export function renderMailText(content: MailContent): string {
  return [
    content.greeting,
    '',
    content.intro,
    '',
    ...textItems(content.items),
    ...(content.sections ?? []).flatMap((section) => [
      section.title,
      '='.repeat(section.title.length),
      ...(section.intro ? [section.intro] : []),
      '',
      ...textItems(section.items),
    ]),
    'Groet,',
    'Kring',
    '',
    '--',
    content.footerNote,
    ...content.footerLinks.map((l) => `${l.label}: ${l.url}`),
  ].join('\n');
}
