/**
 * The reply form (spec 5): Enter and Meta+Enter send, Shift+Enter makes a new line; empty gives
 * 'Schrijf een bericht.', a failed send 'Er is een onbekende fout opgetreden.' and keeps the text.
 */
import { css } from '@emotion/react';
import { chatFirstContact, limits } from '@kring/contract/limits';
import { type FormEvent, type KeyboardEvent, type Ref, useId, useState } from 'react';
import { IconButton } from '../../../components/ui/button.tsx';
import { errorTextStyle } from '../../../components/ui/field.tsx';
import { colors, mq, visuallyHidden } from '../../../components/ui/theme.ts';
import { ApiError } from '../../../lib/api.ts';
import { errorText } from '../../../lib/error-text.ts';
import { nlChat } from '../../../messages/community.ts';
import { SendIcon } from './chat-icons.tsx';

/**
 * The Dutch text for a failed send: the field's own message, the first-contact limits (a member
 * who has not answered: 429 with the reason), else the shared texts (blocks, too fast, unknown).
 */
function sendErrorText(failure: unknown): string {
  if (failure instanceof ApiError) {
    const field = failure.issueFor('content');
    if (field) return field;
    if (failure.reason === 'CHAT_NEW_CONVERSATIONS_LIMIT')
      return nlChat.newConversationsLimit(chatFirstContact.conversations);
    if (failure.reason === 'CHAT_UNANSWERED_LIMIT') return nlChat.unansweredLimit(chatFirstContact.messages);
  }
  return errorText(failure, nlChat.sendFailed);
}

export function ReplyForm({
  otherName,
  onSend,
  inputRef,
}: {
  otherName: string;
  /** Sends the trimmed text; throws when it failed. */
  onSend: (content: string) => Promise<void>;
  inputRef?: Ref<HTMLTextAreaElement>;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const id = useId();

  const submit = async () => {
    if (sending) return;
    const content = text.trim();
    if (content === '') return setError(nlChat.required);
    if (content.length > limits.messageMax) return setError(nlChat.tooLong(limits.messageMax));
    setSending(true);
    setError(null);
    try {
      await onSend(content);
      setText('');
    } catch (failure) {
      // The text stays, so the member can send it again.
      setError(sendErrorText(failure));
    } finally {
      setSending(false);
    }
  };

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
    <form
      onSubmit={onSubmit}
      noValidate
      css={css`
        padding: 8px 12px 12px;
        border-top: 1px solid ${colors.border};
        background: ${colors.background};
      `}
    >
      <label htmlFor={`${id}-text`} css={visuallyHidden}>
        {nlChat.replyLabel(otherName)}
      </label>
      <div
        css={css`
          display: flex;
          gap: 8px;
          align-items: flex-end;
        `}
      >
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
            if (error === nlChat.required) setError(null);
          }}
          onKeyDown={onKeyDown}
          css={css`
            flex: 1;
            min-width: 0;
            min-height: 48px;
            max-height: 160px;
            field-sizing: content;
            padding: 10px 12px;
            border: 1px solid #767676;
            border-radius: 8px;
            font: inherit;
            color: ${colors.text};
            resize: none;
            &[aria-invalid='true'] {
              border: 2px solid ${colors.error};
            }
          `}
        />
        <IconButton
          type="submit"
          label={sending ? nlChat.sending : nlChat.send}
          aria-disabled={sending || undefined}
          css={css`
            flex: none;
            border-radius: 8px;
            background: ${colors.primary};
            color: ${colors.onPrimary};
            &:hover {
              background: ${colors.primaryHover};
            }
          `}
        >
          <SendIcon size={20} />
        </IconButton>
      </div>
      <p id={`${id}-error`} role="alert" css={errorTextStyle} hidden={!error}>
        {error}
      </p>
      <p
        id={`${id}-hint`}
        css={css`
          margin: 4px 0 0;
          font-size: 12px;
          color: ${colors.muted};
          ${mq.small} {
            ${visuallyHidden}
          }
        `}
      >
        {nlChat.replyHint}
      </p>
    </form>
  );
}
