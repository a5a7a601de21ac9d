import type { PaymentHistoryItem } from '@kring/contract';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { formatCents } from '../../lib/format.ts';
import { nlAdmin as t } from '../../messages/admin.ts';
import { centsText, parseEuros } from './amount.ts';
import { refundPayment } from './api/refund-payment.ts';
import { ConfirmActions, ReasonField, reasonError } from './confirm-with-reason.tsx';

/** What can still be refunded: the amount minus refunds and chargebacks so far. */
export const refundable = (p: PaymentHistoryItem) =>
  Math.max(0, p.amountCents - p.refundedCents - p.chargedBackCents);

type Errors = { amount?: string; reason?: string; form?: string };

/** The amount the admin typed in cents (null when a field is wrong) and the fields' errors. */
function checkInput(text: string, reason: string, max: number, currency: string) {
  const parsed = parseEuros(text);
  const amount =
    parsed === null
      ? t.amountInvalid
      : parsed === 0
        ? t.amountZero
        : parsed > max
          ? t.amountTooHigh(formatCents(max, currency))
          : undefined;
  const fieldErrors: Errors = { amount, reason: reasonError(reason) };
  return { cents: amount || fieldErrors.reason ? null : parsed, fieldErrors };
}

/** The server's answer per field: amount (or the payment's state), reason, or the whole form. */
function refundErrors(error: unknown): Errors {
  const issue = (path: string) => (error instanceof ApiError ? error.issueFor(path) : undefined);
  const amount = issue('amountCents') ?? issue('paymentId');
  return { amount, reason: issue('reason'), form: amount ? undefined : errorText(error, t.refundFailed) };
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
    const { cents, fieldErrors } = checkInput(amount, reason, max, payment.currency);
    setErrors(fieldErrors);
    if (cents === null) return;
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
      const next = refundErrors(error);
      setErrors(next);
      // A refused amount means a new amount: the next confirmation is a new request.
      if (next.amount) setConfirm(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-label={t.refundForm(new Date(payment.date).toLocaleDateString('nl-NL'))}
      noValidate
      css={{ marginTop: 12 }}
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
      <ReasonField label={t.refundReason} value={reason} error={errors.reason} onChange={setReason} />
      <ConfirmActions
        label={t.refund}
        confirmLabel={t.refundYes}
        confirmText={
          confirm
            ? `${t.refundConfirm(money(confirm.cents), props.name)} ${confirm.cents === max ? t.refundConfirmFull : ''}`
            : null
        }
        error={errors.form}
        busy={busy}
        onCancel={props.onCancel}
      />
    </form>
  );
}
