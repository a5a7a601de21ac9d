/**
 * The text box of a comment: a new comment on the post, a reply, or the author's edit. The text is
 * the caller's (so it survives a failed send), checked as the server checks it (trimmed, required,
 * at most limits.commentMax); Ctrl+Enter or Cmd+Enter sends as well, Escape cancels a reply or edit.
 */
import { limits } from '@kring/contract/limits';
import { validationMessages as m } from '@kring/contract/messages';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button, buttonRow } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { useFormatting } from '../../../components/ui/formatting-toolbar.tsx';
import { hasValue } from '../../../lib/field-errors.ts';
import { nlPostPage } from '../../../messages/community.ts';
import { useMentionCombobox } from '../hooks/use-mention-combobox.tsx';
import * as st from './comment-form.styles.ts';

/** The counter shows from here on: most comments are far from the limit and need no number. */
const COUNTER_FROM = limits.commentMax - 1000;

/** 'n / 10000', in the error colour past the limit. */
function Counter({ length }: { length: number }) {
  return (
    <span css={length > limits.commentMax ? st.over : undefined}>
      {nlPostPage.counter(length, limits.commentMax)}
    </span>
  );
}

interface CommentFormProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Gets the trimmed text; called only when it passes the checks. */
  onSubmit: (content: string) => void;
  onCancel?: () => void;
  submitLabel?: string;
  busy?: boolean;
  /** A failure to show under the field (the server's or the caller's Dutch text). */
  error?: string | null;
  /** A reply or edit box opened by a click gets the focus; the post's own box does not. */
  focusOnMount?: boolean;
  id?: string;
}

/** A reply or edit box opened by a click gets the focus, and continues at the end of its text. */
function useFocusOnMount(fieldId: string, focusOnMount: boolean) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the box appears
  useEffect(() => {
    if (!focusOnMount) return;
    const box = document.getElementById(fieldId);
    box?.focus();
    // A box that opens with text (a quote, an edit) continues at its end.
    if (box instanceof HTMLTextAreaElement) box.setSelectionRange(box.value.length, box.value.length);
  }, []);
}

/** Send (the saving text while it saves) and, for a reply or edit, cancel. */
function FormButtons({
  busy,
  submitLabel,
  onCancel,
}: Pick<CommentFormProps, 'onCancel'> & { busy: boolean; submitLabel: string }) {
  return (
    <div css={buttonRow}>
      <Button type="submit" size="compact" disabled={busy}>
        {busy ? nlPostPage.saving : submitLabel}
      </Button>
      {onCancel ? (
        <Button variant="ghost" size="compact" onClick={onCancel}>
          {nlPostPage.cancel}
        </Button>
      ) : null}
    </div>
  );
}

export function CommentForm({
  label,
  value,
  onChange,
  onSubmit,
  onCancel,
  submitLabel = nlPostPage.send,
  busy = false,
  error,
  focusOnMount = false,
  id,
}: CommentFormProps) {
  const [checkError, setCheckError] = useState<string | null>(null);
  const mentions = useMentionCombobox(value, onChange);
  const length = value.trim().length;
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const formatting = useFormatting(fieldId, value, onChange);
  useFocusOnMount(fieldId, focusOnMount);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    const problem = length === 0 ? m.required : length > limits.commentMax ? m.tooLong : null;
    setCheckError(problem);
    if (!problem) onSubmit(value.trim());
  };

  return (
    <form onSubmit={submit} noValidate css={st.form}>
      <div css={st.field}>
        <TextAreaField
          id={fieldId}
          label={label}
          value={value}
          rows={3}
          above={formatting.toolbar}
          // While it saves, the text is what is being saved: typing then would be lost or sent twice.
          readOnly={busy}
          {...mentions.inputProps}
          onChange={(e) => {
            onChange(e.target.value);
            mentions.track(e.target);
            // Spec 5: the error clears once the box has a value again.
            if (checkError && hasValue(e.target.value)) setCheckError(null);
          }}
          onKeyDown={(e) => {
            // The `@` list takes its keys first (Enter picks a member, Escape closes only the list).
            if (mentions.onKeyDown(e)) return;
            if (formatting.onKeyDown(e)) return;
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
            // Escape closes a reply or edit box (the post's own box has no cancel); a dialog is not open here.
            if (e.key === 'Escape' && onCancel) {
              e.preventDefault();
              onCancel();
            }
          }}
          error={checkError ?? error}
          hint={length >= COUNTER_FROM ? <Counter length={length} /> : undefined}
        />
        {mentions.popup}
      </div>
      <FormButtons busy={busy} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}
