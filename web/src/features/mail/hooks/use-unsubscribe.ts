import type { MailKind } from '@kring/contract';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { errorText } from '../../../lib/error-text.ts';
import { nlMail } from '../../../messages/mail.ts';
import { resubscribe } from '../api/resubscribe-mail.ts';
import { unsubscribe } from '../api/unsubscribe-mail.ts';

const t = nlMail.unsubscribe;

export type State =
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
 * Unsubscribes once per token when the page opens (the click in the mail was the choice); `retry`
 * after a failure, `undo` resubscribes. Without a token it has failed from the start.
 */
export function useUnsubscribe(token: string | null) {
  const [state, setState] = useState<State>(() =>
    token ? { step: 'working' } : { step: 'failed', message: t.missingToken, canRetry: false },
  );
  const started = useRef(false);

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
  const retry = () => {
    if (token) void run(token);
  };

  return { state, undo, retry };
}
