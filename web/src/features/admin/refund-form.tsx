import type { PaymentHistoryItem } from '@kring/contract';
import { type FormEvent, useState } from 'react';
import { Button, buttonRow } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { FormMessage } from '../../components/ui/form-message.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { formatCents } from '../../lib/format.ts';
import { nlAdmin as t } from '../../messages/admin.ts';
import { centsText, parseEuros } from './amount.ts';
import { refundPayment } from './api/refund-payment.ts';

/** What can still be refunded: the amount minus refunds and chargebacks so far. */
export const refundable = (p: PaymentHistoryItem) =>
  Math.max(0, p.amountCents - p.refundedCents - p.chargedBackCents);

type Errors = { amount?: string; reason?: string; form?: string };

/** The amount the admin typed in cents, or the field's error. */
function checkAmount(text: string, max: number, currency: string): number | string {
  const cents = parseEuros(text);
  if (cents === null) return t.amountInvalid;
  if (cents === 0) return t.amountZero;
  if (cents > max) return t.amountTooHigh(formatCents(max, currency));
  return cents;
}

/**
 * 'Terugbetalen': the amount (the whole refundable amount unless changed), a reason, then a
 * confirmation. One request id per confirmed refund, kept while the amount stays the same, so
 * repeating a failed attempt can never refund twice.
 */
export function RefundForm(props: {
  uid: string;
  name: string;
  payment: PaymentHistoryItem;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const { payment } = props;
  const max = refundable(payment);
  const money = (cents: number) => formatCents(cents, payment.currency);
  const [amount, setAmount] = useState(centsText(max));
  const [reason, setReason] = useState('');
  const [confirm, setConfirm] = useState<{ cents: number; requestId: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const cents = checkAmount(amount, max, payment.currency);
    const reasonError = reason.trim().length < 3 ? t.reasonRequired : undefined;
    if (typeof cents === 'string' || reasonError) {
      return setErrors({ amount: typeof cents === 'string' ? cents : undefined, reason: reasonError });
    }
    setErrors({});
    if (!confirm || confirm.cents !== cents) return setConfirm({ cents, requestId: crypto.randomUUID() });
    setBusy(true);
    try {
      const res = await refundPayment({
        uid: props.uid,
        paymentId: payment.id,
        amountCents: cents,
        reason,
        requestId: confirm.requestId,
      });
      props.onDone(t.refundDone(money(res.refund.amountCents)));
    } catch (error) {
      const issue = (path: string) => (error instanceof ApiError ? error.issueFor(path) : undefined);
      const amountError = issue('amountCents') ?? issue('paymentId');
      setErrors({
        amount: amountError,
        reason: issue('reason'),
        form: amountError ? undefined : errorText(error, t.refundFailed),
      });
      // A refusal means a new amount: the next confirmation is a new request.
      if (amountError) setConfirm(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-label={t.refundForm(new Date(payment.date).toLocaleDateString('nl-NL'))}
      noValidate
    >
      <TextField
        label={t.refundAmount}
        inputMode="decimal"
        value={amount}
        hint={t.refundAmountHint(money(max))}
        error={errors.amount}
        onChange={(e) => {
          setAmount(e.target.value);
          setConfirm(null);
        }}
      />
      <TextField
        label={t.refundReason}
        required
        minLength={3}
        maxLength={500}
        value={reason}
        error={errors.reason}
        onChange={(e) => setReason(e.target.value)}
      />
      {confirm ? (
        <FormMessage kind="info">
          {t.refundConfirm(money(confirm.cents), props.name)}{' '}
          {confirm.cents === max ? t.refundConfirmFull : ''}
        </FormMessage>
      ) : null}
      {errors.form ? <FormMessage kind="error">{errors.form}</FormMessage> : null}
      <div css={buttonRow}>
        <Button type="submit" variant={confirm ? 'danger' : 'primary'} disabled={busy}>
          {confirm ? t.refundYes : t.refund}
        </Button>
        <Button variant="ghost" onClick={props.onCancel}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}
