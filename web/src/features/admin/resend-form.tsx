import type { PaymentHistoryItem } from '@kring/contract';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { nlAdmin as t } from '../../messages/admin.ts';
import { nlBilling as b } from '../../messages/billing.ts';
import { filters } from './admin.styles.ts';
import { resendReceipt } from './api/resend-receipt.ts';
import { ConfirmActions, ReasonField, reasonError } from './confirm-with-reason.tsx';

type Document = PaymentHistoryItem['documents'][number];
const documentName = (d: Document) => b.documentName(d);

/** 'Bon opnieuw sturen': which document (the factuur unless chosen), a reason, then a confirmation. */
export function ResendForm(props: {
  uid: string;
  email: string;
  payment: PaymentHistoryItem;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const docs = props.payment.documents;
  const [number, setNumber] = useState(docs[0]?.number ?? '');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ reason?: string; form?: string }>({});
  const chosen = docs.find((d) => d.number === number) ?? docs[0];
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = reasonError(reason);
    setErrors({ reason: missing });
    if (missing) return;
    if (!confirming) return setConfirming(true);
    setBusy(true);
    try {
      const res = await resendReceipt({ uid: props.uid, number, reason });
      props.onDone(t.resendDone(res.sentTo));
    } catch (error) {
      const issue = (path: string) => (error instanceof ApiError ? error.issueFor(path) : undefined);
      setErrors({ reason: issue('reason'), form: issue('number') ?? errorText(error, t.resendFailed) });
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-label={t.resend} noValidate css={{ marginTop: 12 }}>
      {docs.length > 1 ? (
        <div css={filters}>
          <label>
            {t.resendDocument}
            <select value={number} onChange={(e) => setNumber(e.target.value)}>
              {docs.map((d) => (
                <option key={d.number} value={d.number}>
                  {documentName(d)}
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : null}
      <ReasonField label={t.resendReason} value={reason} error={errors.reason} onChange={setReason} />
      <ConfirmActions
        label={t.resend}
        confirmLabel={t.resendYes}
        confirmText={confirming && chosen ? t.resendConfirm(documentName(chosen), props.email) : null}
        error={errors.form}
        busy={busy}
        onCancel={props.onCancel}
      />
    </form>
  );
}
