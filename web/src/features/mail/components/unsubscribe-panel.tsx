import { css } from '@emotion/react';
import type { MailKind } from '@kring/contract';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { errorText } from '../../../lib/error-text.ts';
import { paths } from '../../../lib/paths.ts';
import { nlMail } from '../../../messages/mail.ts';
import { resubscribe } from '../api/resubscribe-mail.ts';
import { unsubscribe } from '../api/unsubscribe-mail.ts';

const t = nlMail.unsubscribe;

type State =
  | { step: 'working' }
  | { step: 'done'; kind: MailKind }
  | { step: 'undoing'; kind: MailKind }
  | { step: 'undone'; kind: MailKind }
  | { step: 'failed'; message: string; canRetry: boolean };

/**
 * The server's Dutch text for a refused token ('Deze afmeldlink is ongeldig.'), 'Je gaat even te
 * snel' past the per-address limit (30 a minute), else the general one.
 */
const failure = (error: unknown): State => {
  const invalid = error instanceof ApiError ? error.issueFor('token') : undefined;
  return invalid
    ? { step: 'failed', message: invalid, canRetry: false }
    : { step: 'failed', message: errorText(error, t.failed), canRetry: true };
};

/**
 * The page behind a mail's 'Afmelden' link: unsubscribes at once with the signed token (the click in
 * the mail was the choice), says so, and offers to undo. Nobody needs to sign in.
 */
export function UnsubscribePanel({ token }: { token: string | null }) {
  const [state, setState] = useState<State>(() =>
    token ? { step: 'working' } : { step: 'failed', message: t.missingToken, canRetry: false },
  );
  const started = useRef(false);
  const message = useRef<HTMLDivElement>(null);
  const steps = useRef(0);
  // After the undo (or a retry) the button the member pressed is gone: take focus to the new message.
  useEffect(() => {
    if (state.step === 'working' || state.step === 'undoing') return;
    if (steps.current++ > 0) message.current?.focus();
  }, [state.step]);

  const run = async (tokenValue: string) => {
    setState({ step: 'working' });
    try {
      setState({ step: 'done', kind: (await unsubscribe(tokenValue)).kind });
    } catch (error) {
      setState(failure(error));
    }
  };

  // Once per token, when the page opens; `run` is a fresh closure every render and needs no re-run.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    void run(token);
  }, [token]);

  const undo = async (kind: MailKind) => {
    if (!token) return;
    setState({ step: 'undoing', kind });
    try {
      await resubscribe(token);
      setState({ step: 'undone', kind });
    } catch (error) {
      setState(failure(error));
    }
  };

  return (
    <div
      ref={message}
      tabIndex={-1}
      css={css`
        min-height: 160px;
        &:focus {
          outline: none;
        }
      `}
    >
      {state.step === 'working' ? (
        <p role="status">
          <Spinner size={20} decorative /> {t.working}
        </p>
      ) : null}
      {state.step === 'done' || state.step === 'undoing' ? (
        <>
          <FormMessage kind="success">{t.done[state.kind]}</FormMessage>
          <Button
            variant="secondary"
            disabled={state.step === 'undoing'}
            onClick={() => void undo(state.kind)}
          >
            {state.step === 'undoing' ? t.undoing : t.undo}
          </Button>
        </>
      ) : null}
      {state.step === 'undone' ? <FormMessage kind="success">{t.undone[state.kind]}</FormMessage> : null}
      {state.step === 'failed' ? (
        <>
          <FormMessage kind="error">{state.message}</FormMessage>
          {state.canRetry && token ? (
            <Button variant="secondary" onClick={() => void run(token)}>
              {t.retry}
            </Button>
          ) : null}
        </>
      ) : null}
      {state.step !== 'working' ? (
        <p
          css={css`
            margin-top: 24px;
          `}
        >
          <Link to={paths.account.mail}>{t.manage}</Link>
        </p>
      ) : null}
    </div>
  );
}
