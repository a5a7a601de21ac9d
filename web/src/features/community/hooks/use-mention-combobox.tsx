/**
 * The `@` suggestions in a post or comment box: typing `@` and the start of a name lists members
 * (suggestMentions) under the box. Keyboard: ArrowDown/ArrowUp move through the list, Enter or Tab
 * puts the name in (`@name `), Escape closes the list (the box keeps the text); a click does the
 * same as Enter. The pattern is WAI-ARIA's combobox with a listbox popup on a multi-line box: the
 * textarea keeps its own role (ARIA in HTML allows no other role on a textarea, and axe flags one),
 * and carries aria-autocomplete="list", aria-controls and aria-activedescendant, so a screen reader
 * reads the highlighted member while focus stays in the box; a polite status says how many were
 * found and which name went in.
 */
import { css } from '@emotion/react';
import type { ProfileSummary } from '@kring/contract';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { colors, visuallyHidden } from '../../../components/ui/theme.ts';
import { nlMentions } from '../../../messages/community.ts';
import { useMentionSuggestions } from '../api/suggest-mentions.ts';
import { activeMention, insertMention } from '../mention-input.ts';

const listStyle = css`
  position: absolute;
  z-index: 20;
  left: 0;
  right: 0;
  max-width: 320px;
  margin: -8px 0 0;
  padding: 4px 0;
  list-style: none;
  background: ${colors.background};
  border: 1px solid ${colors.inputBorder};
  border-radius: 8px;
  box-shadow: 0 4px 16px rgba(0, 0, 0, 0.15);
  [role='option'] {
    padding: 8px 12px;
    cursor: pointer;
  }
  [role='option'][aria-selected='true'] {
    background: ${colors.primary};
    color: ${colors.onPrimary};
  }
`;

type Mention = { start: number; query: string };

export interface MentionCombobox {
  /** Spread on the textarea. */
  inputProps: {
    'aria-autocomplete': 'list';
    'aria-controls': string | undefined;
    'aria-activedescendant': string | undefined;
    onSelect: (event: { currentTarget: HTMLTextAreaElement }) => void;
    onBlur: () => void;
  };
  /** Call from the textarea's onChange with the element (after passing the new text on). */
  track: (element: HTMLTextAreaElement) => void;
  /** Call first in the textarea's onKeyDown; true when the list used the key (then do nothing else). */
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
  /** The list and the status line: render right after the field, inside a `position: relative` box. */
  popup: ReactNode;
}

export function useMentionCombobox(value: string, onChange: (value: string) => void): MentionCombobox {
  const listId = useId();
  const element = useRef<HTMLTextAreaElement | null>(null);
  const [mention, setMention] = useState<Mention | null>(null);
  const [active, setActive] = useState(0);
  /** The `@` whose list Escape closed: it stays closed until another `@` is typed. */
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const open = mention !== null && dismissed !== mention.start;
  const suggestions = useMentionSuggestions(open ? mention.query : null);
  const items: ProfileSummary[] = open ? (suggestions.data?.items ?? []) : [];
  const expanded = items.length > 0;
  const current = Math.min(active, Math.max(items.length - 1, 0));

  const track = (el: HTMLTextAreaElement) => {
    element.current = el;
    const next = el.selectionStart === el.selectionEnd ? activeMention(el.value, el.selectionStart) : null;
    if (mention?.start === next?.start && mention?.query === next?.query) return;
    setMention(next);
    setActive(0);
    if (next === null || next.start !== dismissed) setDismissed(null);
  };

  const choose = (member: ProfileSummary) => {
    const el = element.current;
    if (!el || !mention) return;
    const result = insertMention(value, mention.start, el.selectionStart, member.name);
    onChange(result.text);
    setMention(null);
    setAnnouncement(nlMentions.chosen(member.name));
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(result.caret, result.caret);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    // An Enter or arrow that an input method (IME) is still composing with belongs to it.
    if (!expanded || !mention || event.nativeEvent.isComposing) return false;
    switch (event.key) {
      case 'ArrowDown':
        setActive((current + 1) % items.length);
        break;
      case 'ArrowUp':
        setActive((current - 1 + items.length) % items.length);
        break;
      case 'Enter':
      case 'Tab':
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return false;
        choose(items[current]!);
        break;
      case 'Escape':
        setDismissed(mention.start);
        break;
      default:
        return false;
    }
    event.preventDefault();
    event.stopPropagation();
    return true;
  };

  const status = expanded
    ? nlMentions.found(items.length)
    : open && suggestions.data && mention.query.length > 0
      ? nlMentions.none
      : announcement;

  const popup = (
    <>
      {expanded ? (
        <div id={listId} role="listbox" aria-label={nlMentions.listLabel} css={listStyle}>
          {items.map((member, i) => (
            // The keyboard works in the textarea (aria-activedescendant); a click picks with the mouse.
            // biome-ignore lint/a11y/useKeyWithClickEvents: see above
            <div
              key={member.id}
              id={`${listId}-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === current}
              // Keeps the focus (and the caret) in the textarea.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(member)}
            >
              @{member.name}
            </div>
          ))}
        </div>
      ) : null}
      <div role="status" css={visuallyHidden}>
        {status}
      </div>
    </>
  );

  return {
    inputProps: {
      'aria-autocomplete': 'list',
      'aria-controls': expanded ? listId : undefined,
      'aria-activedescendant': expanded ? `${listId}-${current}` : undefined,
      onSelect: (event) => track(event.currentTarget),
      onBlur: () => setMention(null),
    },
    track,
    onKeyDown,
    popup,
  };
}
