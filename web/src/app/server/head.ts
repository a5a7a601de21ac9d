/** The <head> tags of a server-rendered page, from what the page declared (lib/page-meta.ts). */
import { entryMeta } from '../../features/content/meta.ts';
import { documentTitle, type PageMeta } from '../../lib/page-meta.ts';
import { nl } from '../../messages/nl.ts';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON inside a <script>: no `</script>` or `<!--` can end it early. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function headHtml(meta: PageMeta, origin: string, path: string): string {
  const absolute = (pathOrUrl: string) =>
    /^https?:\/\//.test(pathOrUrl)
      ? pathOrUrl
      : `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
  const title = documentTitle(meta.title);
  const entry = meta.entry ? entryMeta(meta.entry.kind, meta.entry.data) : {};
  const description = entry.description || nl.site.description;
  const url = absolute(path);
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    meta.notFound
      ? '<meta name="robots" content="noindex">'
      : `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:site_name" content="${escapeHtml(nl.site.defaultTitle)}">`,
    `<meta property="og:locale" content="nl_NL">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="og:type" content="${entry.type ?? 'website'}">`,
    entry.image ? `<meta property="og:image" content="${escapeHtml(absolute(entry.image))}">` : '',
    `<meta name="twitter:card" content="${entry.image ? 'summary_large_image' : 'summary'}">`,
    entry.preloadImage
      ? `<link rel="preload" as="image" href="${escapeHtml(entry.preloadImage)}" fetchpriority="high">`
      : '',
    entry.jsonLd
      ? `<script type="application/ld+json">${jsonForScript(entry.jsonLd(absolute))}</script>`
      : '',
  ];
  return tags.filter(Boolean).join('');
}
