import { type FormEvent, useState } from 'react';
import { Button, buttonRow } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { FormMessage } from '../../components/ui/form-message.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { nlAdmin as t } from '../../messages/admin.ts';
import { filters } from './admin.styles.ts';
import { changeRole } from './api/change-role.ts';

type NewRole = 1 | 2 | 3;

/** Change a member's role: pick it, give the reason, confirm; the reason goes into the admin log. */
export function RoleForm({
  uid,
  name,
  role,
  onChanged,
}: {
  uid: string;
  name: string;
  role: number;
  onChanged: () => void;
}) {
  const [next, setNext] = useState<NewRole>(role === 2 ? 1 : 2);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | undefined>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!confirming) return setConfirming(true);
    setBusy(true);
    try {
      await changeRole({ uid, role: next, reason });
      onChanged();
    } catch (error) {
      setReasonError(error instanceof ApiError ? error.issueFor('reason') : undefined);
      // The server says why on the role field (last admin, suspended, the same role).
      const refusal = error instanceof ApiError ? error.issueFor('role') : undefined;
      setMessage(refusal ?? errorText(error, t.roleFailed));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-label={t.changeRole}>
      <div css={filters}>
        <label>
          {t.newRole}
          <select value={next} onChange={(e) => setNext(Number(e.target.value) as NewRole)}>
            {([1, 2, 3] as const).map((r) => (
              <option key={r} value={r} disabled={r === role}>
                {t.roles[r]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <TextField
        label={t.roleReason}
        required
        minLength={3}
        value={reason}
        error={reasonError}
        onChange={(e) => setReason(e.target.value)}
      />
      {confirming ? <FormMessage kind="info">{t.confirmRole(name, t.roles[next] ?? '')}</FormMessage> : null}
      <div css={buttonRow}>
        <Button type="submit" variant={confirming ? 'danger' : 'primary'} disabled={busy || next === role}>
          {confirming ? `Ja, ${t.saveRole.toLowerCase()}` : t.saveRole}
        </Button>
        {confirming ? (
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            {t.cancel}
          </Button>
        ) : null}
      </div>
      {message ? <FormMessage kind="error">{message}</FormMessage> : null}
    </form>
  );
}
