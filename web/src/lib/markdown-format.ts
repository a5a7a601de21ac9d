/**
 * What the formatting toolbar and its shortcuts do to a text box: pure functions from the text and
 * its selection to one replacement (range, new text) and the selection after it, so the editor can
 * apply it as one typing step (the browser's undo takes it back).
 */
export type FormatKind = 'bold' | 'italic' | 'link' | 'list' | 'quote' | 'code';

export interface FormatEdit {
  /** The range of the old text to replace… */
  from: number;
  to: number;
  /** …with this text, */
  insert: string;
  /** and the selection afterwards (in the new text). */
  selectionStart: number;
  selectionEnd: number;
}

/** Wraps the selection in a marker, or takes the marker away when it is already there. */
function wrap(value: string, start: number, end: number, marker: string): FormatEdit {
  const m = marker.length;
  const selected = value.slice(start, end);
  if (value.slice(start - m, start) === marker && value.slice(end, end + m) === marker) {
    return {
      from: start - m,
      to: end + m,
      insert: selected,
      selectionStart: start - m,
      selectionEnd: end - m,
    };
  }
  if (selected.length > 2 * m && selected.startsWith(marker) && selected.endsWith(marker)) {
    const inner = selected.slice(m, -m);
    return { from: start, to: end, insert: inner, selectionStart: start, selectionEnd: start + inner.length };
  }
  // Spaces at the selection's edges stay outside the markers (`** vet**` is no bold in Markdown).
  const lead = selected.length - selected.trimStart().length;
  const trail = selected.length - selected.trimEnd().length;
  const core = selected.trim();
  const insert = `${selected.slice(0, lead)}${marker}${core}${marker}${selected.slice(selected.length - trail)}`;
  const at = start + lead + m;
  return { from: start, to: end, insert, selectionStart: at, selectionEnd: at + core.length };
}

/** Puts a prefix before every line the selection touches ('- ' for a list, '> ' for a quote). */
function prefixLines(value: string, start: number, end: number, prefix: string): FormatEdit {
  const from = value.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = value.indexOf('\n', end);
  const to = end > start && value[end - 1] === '\n' ? end - 1 : lineEnd === -1 ? value.length : lineEnd;
  const lines = value.slice(from, to).split('\n');
  const all = lines.every((line) => line.startsWith(prefix));
  const insert = lines.map((line) => (all ? line.slice(prefix.length) : `${prefix}${line}`)).join('\n');
  // A block needs a blank line before it to stand apart from a paragraph above.
  const previousLine = value.slice(value.lastIndexOf('\n', from - 2) + 1, Math.max(from - 1, 0));
  const before =
    !all && from > 0 && previousLine.trim() !== '' && !previousLine.startsWith(prefix) ? '\n' : '';
  const endAt = from + before.length + insert.length;
  // Nothing selected: the caret goes after the prefix, to type the item; a selection stays selected.
  return {
    from,
    to,
    insert: `${before}${insert}`,
    selectionStart: start === end ? endAt : from + before.length,
    selectionEnd: endAt,
  };
}

export function formatEdit(value: string, start: number, end: number, kind: FormatKind): FormatEdit {
  switch (kind) {
    case 'bold':
      return wrap(value, start, end, '**');
    case 'italic':
      return wrap(value, start, end, '_');
    case 'code': {
      const selected = value.slice(start, end);
      if (!selected.includes('\n')) return wrap(value, start, end, '`');
      const insert = `\`\`\`\n${selected.replace(/\n$/, '')}\n\`\`\``;
      return {
        from: start,
        to: end,
        insert,
        selectionStart: start + 4,
        selectionEnd: start + 4 + selected.length,
      };
    }
    case 'link': {
      const selected = value.slice(start, end);
      if (/^(https?:\/\/|mailto:)\S+$/i.test(selected.trim())) {
        // An address was selected: it becomes the target, the caret goes where the link text belongs.
        return {
          from: start,
          to: end,
          insert: `[](${selected.trim()})`,
          selectionStart: start + 1,
          selectionEnd: start + 1,
        };
      }
      const text = selected.trim();
      const insert = `[${text}](https://)`;
      // The address part is selected, ready to be typed or pasted over.
      const urlAt = start + text.length + 3;
      return { from: start, to: end, insert, selectionStart: urlAt, selectionEnd: urlAt + 'https://'.length };
    }
    case 'list':
      return prefixLines(value, start, end, '- ');
    case 'quote':
      return prefixLines(value, start, end, '> ');
  }
}

/** The shortcut of a key press in the text box: Ctrl/Cmd + B, I or K; null for anything else. */
export function shortcutFormat(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}): FormatKind | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return null;
  switch (event.key.toLowerCase()) {
    case 'b':
      return 'bold';
    case 'i':
      return 'italic';
    case 'k':
      return 'link';
    default:
      return null;
  }
}
