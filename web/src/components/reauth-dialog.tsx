/**
 * Signing in again for calls that need a recent sign-in (account deletion, money and membership
 * changes, the data export): lib/api.ts asks through setReauthPrompt, this dialog answers. With a
 * password, or Google's popup for Google accounts.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { setReauthPrompt } from '../lib/api.ts';
import { nlReauth as m } from '../messages/privacy.ts';
import { Button, buttonRow } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';
import { TextField } from './ui/field.tsx';
import { FormMessage } from './ui/form-message.tsx';

type Pending = { resolve: (ok: boolean) => void; method: 'password' | 'google' };

export function ReauthDialog() {
  const [pending, setPending] = useState<Pending | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setReauthPrompt(async () => {
      const { signInMethod } = await import('../lib/firebase.ts');
      const method = await signInMethod();
      return new Promise<boolean>((resolve) => {
        setPassword('');
        setError(null);
        setPending({ resolve, method });
      });
    });
    return () => setReauthPrompt(null);
  }, []);

  if (!pending) return null;

  const finish = (ok: boolean) => {
    pending.resolve(ok);
    setPending(null);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { reauthenticate } = await import('../lib/firebase.ts');
      await reauthenticate(pending.method === 'password' ? password : undefined);
      finish(true);
    } catch (e) {
      const code = (e as { code?: string }).code ?? '';
      setError(
        code === 'auth/wrong-password' || code === 'auth/invalid-credential' ? m.wrongPassword : m.failed,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={m.title} onClose={() => finish(false)}>
      <p>{m.explain}</p>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      {pending.method === 'password' ? (
        <form onSubmit={(e) => void submit(e)}>
          <TextField
            label={m.password}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
          <div css={buttonRow}>
            <Button type="submit" disabled={busy || password === ''}>
              {busy ? m.busy : m.submit}
            </Button>
            <Button type="button" variant="secondary" onClick={() => finish(false)}>
              {m.cancel}
            </Button>
          </div>
        </form>
      ) : (
        <div css={buttonRow}>
          <Button disabled={busy} onClick={() => void submit()}>
            {busy ? m.busy : m.google}
          </Button>
          <Button variant="secondary" onClick={() => finish(false)}>
            {m.cancel}
          </Button>
        </div>
      )}
    </Dialog>
  );
}
