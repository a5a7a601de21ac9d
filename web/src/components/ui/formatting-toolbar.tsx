/**
 * The formatting toolbar of a post's or comment's text box ('Vet', 'Cursief', 'Link', 'Lijst',
 * 'Citaat', 'Code') and its shortcuts Ctrl/Cmd+B, I and K. It writes Markdown into the text box
 * (`lib/markdown-format.ts`), as one typing step where the browser allows it, so Ctrl+Z undoes it.
 *
 * A WAI-ARIA toolbar: one tab stop, arrow keys (Home/End) move between the buttons; the buttons
 * carry visible Dutch words (so the accessible name is the visible label) and keep the focus and
 * selection in the text box when clicked with a mouse.
 */
import { css } from '@emotion/react';
import { type KeyboardEvent, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { type FormatKind, formatEdit, shortcutFormat } from '../../lib/markdown-format.ts';
import { nlFormatting as t } from '../../messages/community.ts';
import { colors, fontSize } from './theme.ts';

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

const buttons: { kind: FormatKind; label: string; key?: string; look?: ReturnType<typeof css> }[] = [
  { kind: 'bold', label: t.bold, key: 'B', look: css`font-weight: 700;` },
  { kind: 'italic', label: t.italic, key: 'I', look: css`font-style: italic;` },
  { kind: 'link', label: t.link, key: 'K', look: css`text-decoration: underline;` },
  { kind: 'list', label: t.list },
  { kind: 'quote', label: t.quote },
  {
    kind: 'code',
    label: t.code,
    look: css`font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;`,
  },
];

const bar = css`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  margin: 0 0 4px;
`;

const button = css`
  font: inherit;
  font-size: ${fontSize.md};
  min-height: 40px;
  min-width: 40px;
  padding: 0 8px;
  border: 1px solid ${colors.border};
  border-radius: 6px;
  background: ${colors.background};
  color: ${colors.text};
  cursor: pointer;
  &:hover {
    background: ${colors.hover};
  }
  &:disabled {
    cursor: default;
    color: ${colors.muted};
  }
`;

/**
 * Formatting for the text box with id `fieldId` whose text is `value`: the toolbar to render above
 * it and the key handler to call from its `onKeyDown` (true when the key was a shortcut).
 */
export function useFormatting(fieldId: string, value: string, onChange: (value: string) => void) {
  const pending = useRef<{ value: string; start: number; end: number } | null>(null);

  // After React wrote the new text (the path without execCommand), put the selection back.
  useLayoutEffect(() => {
    const want = pending.current;
    if (!want || want.value !== value) return;
    pending.current = null;
    const box = document.getElementById(fieldId);
    if (box instanceof HTMLTextAreaElement) box.setSelectionRange(want.start, want.end);
  }, [value, fieldId]);

  const apply = useCallback(
    (kind: FormatKind) => {
      const box = document.getElementById(fieldId);
      if (!(box instanceof HTMLTextAreaElement) || box.readOnly || box.disabled) return;
      const edit = formatEdit(box.value, box.selectionStart, box.selectionEnd, kind);
      const next = box.value.slice(0, edit.from) + edit.insert + box.value.slice(edit.to);
      box.focus();
      box.setSelectionRange(edit.from, edit.to);
      // insertText keeps the change in the browser's undo history and fires the input event React
      // listens to; where it is missing (or refused), the text is set through onChange instead.
      let done = false;
      try {
        done = document.execCommand?.('insertText', false, edit.insert) === true && box.value === next;
      } catch {
        done = false;
      }
      if (done) {
        box.setSelectionRange(edit.selectionStart, edit.selectionEnd);
      } else {
        pending.current = { value: next, start: edit.selectionStart, end: edit.selectionEnd };
        onChange(next);
      }
    },
    [fieldId, onChange],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLTextAreaElement>) => {
      const kind = shortcutFormat(event);
      if (!kind) return false;
      event.preventDefault();
      apply(kind);
      return true;
    },
    [apply],
  );

  const toolbar = <FormattingToolbar fieldId={fieldId} onFormat={apply} />;
  return { toolbar, onKeyDown, apply };
}

function FormattingToolbar({ fieldId, onFormat }: { fieldId: string; onFormat: (kind: FormatKind) => void }) {
  const [active, setActive] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const mac = isMac();

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = buttons.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? active === last
          ? 0
          : active + 1
        : event.key === 'ArrowLeft'
          ? active === 0
            ? last
            : active - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    refs.current[next]?.focus();
  };

  return (
    <div role="toolbar" aria-label={t.toolbar} aria-controls={fieldId} css={bar} onKeyDown={move}>
      {buttons.map((b, i) => {
        const shortcut = b.key ? t.shortcut(mac, b.key) : undefined;
        return (
          <button
            key={b.kind}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            tabIndex={i === active ? 0 : -1}
            css={[button, b.look]}
            title={shortcut ? `${b.label} (${shortcut})` : b.label}
            aria-keyshortcuts={b.key ? `${mac ? 'Meta' : 'Control'}+${b.key}` : undefined}
            // A mouse click keeps the focus (and the selection) in the text box.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              setActive(i);
              onFormat(b.kind);
            }}
          >
            {b.label}
          </button>
        );
      })}
    </div>
  );
}
