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
import type { ProfileSummary } from '@kring/contract';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { visuallyHidden } from '../../../components/ui/theme.ts';
import { nlMentions } from '../../../messages/community.ts';
import { useMentionSuggestions } from '../api/suggest-mentions.ts';
import { activeMention, insertMention } from '../mention-input.ts';
import { listStyle } from './use-mention-combobox.styles.ts';

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

interface ListKeyActions {
  count: number;
  current: number;
  setActive: (index: number) => void;
  choose: () => void;
  dismiss: () => void;
}

/** What a key does in the open list; false when the list does not use it. */
function listKey(event: KeyboardEvent<HTMLTextAreaElement>, list: ListKeyActions): boolean {
  switch (event.key) {
    case 'ArrowDown':
      list.setActive((list.current + 1) % list.count);
      return true;
    case 'ArrowUp':
      list.setActive((list.current - 1 + list.count) % list.count);
      return true;
    case 'Enter':
    case 'Tab':
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return false;
      list.choose();
      return true;
    case 'Escape':
      list.dismiss();
      return true;
    default:
      return false;
  }
}

/** The status line: how many were found, none for a searched name, or the name that went in. */
function statusText(found: number, searched: boolean, announcement: string): string {
  if (found > 0) return nlMentions.found(found);
  return searched ? nlMentions.none : announcement;
}

interface MentionPopupProps {
  listId: string;
  /** The members to list; null while the list is closed. */
  items: ProfileSummary[] | null;
  current: number;
  status: string;
  choose: (member: ProfileSummary) => void;
}

/** The listbox of members under the box and the polite status line. */
function MentionPopup({ listId, items, current, status, choose }: MentionPopupProps) {
  return (
    <>
      {items ? (
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
    const used = listKey(event, {
      count: items.length,
      current,
      setActive,
      choose: () => choose(items[current]!),
      dismiss: () => setDismissed(mention.start),
    });
    if (!used) return false;
    event.preventDefault();
    event.stopPropagation();
    return true;
  };

  const searched = open && Boolean(suggestions.data) && mention.query.length > 0;
  const status = statusText(items.length, searched, announcement);

  const popup = (
    <MentionPopup
      listId={listId}
      items={expanded ? items : null}
      current={current}
      status={status}
      choose={choose}
    />
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
