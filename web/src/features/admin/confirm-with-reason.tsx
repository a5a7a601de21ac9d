import { Button, buttonRow } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { FormMessage } from '../../components/ui/form-message.tsx';
import { nlAdmin as t } from '../../messages/admin.ts';

/**
 * The foot of a confirm-with-reason form: the confirmation question (once asked), the form's error,
 * and the submit button (red and `confirmLabel` while confirming) beside 'Annuleren'.
 */
export function ConfirmActions(props: {
  label: string;
  confirmLabel: string;
  confirmText: string | null;
  error: string | undefined;
  busy: boolean;
  onCancel: () => void;
}) {
  const confirming = props.confirmText !== null;
  return (
    <>
      {confirming ? <FormMessage kind="info">{props.confirmText}</FormMessage> : null}
      {props.error ? <FormMessage kind="error">{props.error}</FormMessage> : null}
      <div css={buttonRow}>
        <Button type="submit" variant={confirming ? 'danger' : 'primary'} disabled={props.busy}>
          {confirming ? props.confirmLabel : props.label}
        </Button>
        <Button variant="ghost" onClick={props.onCancel}>
          {t.cancel}
        </Button>
      </div>
    </>
  );
}

/** The reason an admin gives for a money or mail action (it goes into the log): 3 to 500 characters. */
export function ReasonField(props: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={props.label}
      required
      minLength={3}
      maxLength={500}
      value={props.value}
      error={props.error}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}

/** 'Geef een reden op' when the reason is too short to log, else nothing. */
export const reasonError = (reason: string) => (reason.trim().length < 3 ? t.reasonRequired : undefined);
