import { TextField } from '../../../components/ui/field.tsx';
import { nlProfileForm } from '../../../messages/profile.ts';
import type { UserNameCheck } from '../hooks/use-user-name-check.ts';

/** The username input with its rule, availability and progress messages. */
export function UserNameField({
  value,
  onChange,
  check,
  submitError,
}: {
  value: string;
  onChange: (value: string) => void;
  check: UserNameCheck;
  /** A message from the last submit (e.g. the name was taken meanwhile). */
  submitError?: string | null;
}) {
  const error =
    submitError ??
    (check.status === 'invalid' || check.status === 'taken'
      ? check.message
      : check.status === 'error'
        ? check.message || nlProfileForm.checkFailed
        : null);
  const status =
    check.status === 'checking'
      ? nlProfileForm.checking
      : check.status === 'available' && !submitError
        ? nlProfileForm.available
        : null;
  return (
    <TextField
      label={nlProfileForm.userName}
      name="userName"
      autoComplete="username"
      autoCapitalize="off"
      spellCheck={false}
      hint={nlProfileForm.userNameHint}
      value={value}
      error={error}
      status={status}
      required
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
