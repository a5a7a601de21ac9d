/**
 * The reply form (spec 5): Enter and Meta+Enter send, Shift+Enter makes a new line; empty gives
 * 'Schrijf een bericht.', a failed send 'Er is een onbekende fout opgetreden.' and keeps the text.
 */
import { limits } from '@kring/contract/limits';
import { type FormEvent, type KeyboardEvent, type Ref, useId, useState } from 'react';
import { IconButton } from '../../../components/ui/button.tsx';
import { errorTextStyle } from '../../../components/ui/field.tsx';
import { visuallyHidden } from '../../../components/ui/theme.ts';
import { ApiError } from '../../../lib/api.ts';
import { useDraft, useLeaveGuard } from '../../../lib/drafts.ts';
import { errorText } from '../../../lib/error-text.ts';
import { hasValue } from '../../../lib/field-errors.ts';
import { nlChat } from '../../../messages/community.ts';
import { SendIcon } from './chat-icons.tsx';
import * as styles from './reply-form.styles.ts';

/**
 * The text being written, its error, and sending it: trimmed, checked, kept when sending failed. The
 * text is a draft in the browser per conversation (lib/drafts.ts); leaving the page with it asks first.
 */
function useReplyDraft(draftPlace: string, onSend: (content: string) => Promise<void>) {
  const { text, set: setText, clear } = useDraft(draftPlace);
  useLeaveGuard(text.trim() !== '');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async () => {
    if (sending) return;
    const content = text.trim();
    if (content === '') return setError(nlChat.required);
    if (content.length > limits.messageMax) return setError(nlChat.tooLong(limits.messageMax));
    setSending(true);
    setError(null);
    try {
      await onSend(content);
      clear();
    } catch (failure) {
      // The text stays, so the member can send it again.
      // The field's own message, else the reason's (blocks, the first-contact limits) or the shared texts.
      setError(
        (failure instanceof ApiError && failure.issueFor('content')) || errorText(failure, nlChat.sendFailed),
      );
    } finally {
      setSending(false);
    }
  };

  return { text, setText, error, setError, sending, submit };
}

export function ReplyForm({
  draftPlace,
  otherName,
  onSend,
  inputRef,
}: {
  /** Where this conversation's draft is kept, e.g. 'chat:3x7'. */
  draftPlace: string;
  otherName: string;
  /** Sends the trimmed text; throws when it failed. */
  onSend: (content: string) => Promise<void>;
  inputRef?: Ref<HTMLTextAreaElement>;
}) {
  const { text, setText, error, setError, sending, submit } = useReplyDraft(draftPlace, onSend);
  const id = useId();

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter and Meta+Enter send; Shift+Enter is a new line; Enter that ends an IME composition is not a send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form onSubmit={onSubmit} noValidate css={styles.form}>
      <label htmlFor={`${id}-text`} css={visuallyHidden}>
        {nlChat.replyLabel(otherName)}
      </label>
      <div css={styles.row}>
        <textarea
          ref={inputRef}
          id={`${id}-text`}
          value={text}
          rows={2}
          placeholder={nlChat.placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint ${id}-error`}
          onChange={(event) => {
            setText(event.target.value);
            // Spec 5: 'Schrijf een bericht.' clears once the box has a value.
            if (error === nlChat.required && hasValue(event.target.value)) setError(null);
          }}
          onKeyDown={onKeyDown}
          css={styles.textarea}
        />
        <IconButton
          type="submit"
          label={sending ? nlChat.sending : nlChat.send}
          aria-disabled={sending || undefined}
          css={styles.sendButton}
        >
          <SendIcon size={20} />
        </IconButton>
      </div>
      <p id={`${id}-error`} role="alert" css={errorTextStyle} hidden={!error}>
        {error}
      </p>
      <p id={`${id}-hint`} css={styles.hint}>
        {nlChat.replyHint}
      </p>
    </form>
  );
}
