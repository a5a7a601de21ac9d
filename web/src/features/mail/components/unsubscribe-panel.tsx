import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../lib/paths.ts';
import { nlMail } from '../../../messages/mail.ts';
import { useUnsubscribe } from '../hooks/use-unsubscribe.ts';
import * as st from './unsubscribe-panel.styles.ts';

const t = nlMail.unsubscribe;

/**
 * The page behind a mail's 'Afmelden' link: unsubscribes at once with the signed token (the click in
 * the mail was the choice), says so, and offers to undo. Nobody needs to sign in.
 */
export function UnsubscribePanel({ token }: { token: string | null }) {
  const { state, undo, retry } = useUnsubscribe(token);
  const message = useRef<HTMLDivElement>(null);
  const steps = useRef(0);
  // After the undo (or a retry) the button the member pressed is gone: take focus to the new message.
  useEffect(() => {
    if (state.step === 'working' || state.step === 'undoing') return;
    if (steps.current++ > 0) message.current?.focus();
  }, [state.step]);

  return (
    <div ref={message} tabIndex={-1} css={st.panel}>
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
            <Button variant="secondary" onClick={retry}>
              {t.retry}
            </Button>
          ) : null}
        </>
      ) : null}
      {state.step !== 'working' ? (
        <p css={st.manage}>
          <Link to={paths.account.mail}>{t.manage}</Link>
        </p>
      ) : null}
    </div>
  );
}
