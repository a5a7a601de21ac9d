/**
 * Which CMS (or markdown) links may be rendered as links at all: `https:`, `http:`, `mailto:`,
 * `tel:` and paths on this site. Anything else (`javascript:`, `data:`, `vbscript:`, a protocol-
 * relative `//host`, and `/\host`, which browsers read as `//host`) is shown as plain text.
 */
export type LinkKind = 'site' | 'external';

const allowedSchemes = new Set(['https:', 'http:', 'mailto:', 'tel:']);

/** Control characters, whitespace, DEL or a backslash anywhere in the address. */
export const hasUnsafeCharacter = (href: string): boolean =>
  [...href].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f || c === '\\');

export function linkKind(href: string | null | undefined): LinkKind | null {
  if (typeof href !== 'string' || href === '') return null;
  // Browsers drop tabs and newlines inside URLs and read a backslash as a slash: `/\t/evil`,
  // `/\evil` and ` javascript:` are all tricks; no honest CMS link contains such characters.
  if (hasUnsafeCharacter(href)) return null;
  if (href.startsWith('/')) return href.startsWith('//') ? null : 'site';
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  return allowedSchemes.has(url.protocol) ? 'external' : null;
}

/** The href itself when it may be rendered, else null. */
export const safeHref = (href: string | null | undefined): string | null => (linkKind(href) ? href! : null);

/**
 * An element id from a URL fragment, or null when the fragment is malformed (`#%E0`):
 * decodeURIComponent throws on it, and a thrown error here would take the whole page down.
 */
export function fragmentId(hash: string): string | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (raw === '') return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}
