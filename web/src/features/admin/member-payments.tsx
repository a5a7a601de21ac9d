import { useState } from 'react';
import { Payment } from '../../components/payment-item.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FormMessage } from '../../components/ui/form-message.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { bareList } from '../../components/ui/theme.ts';
import { savePdf } from '../../lib/download.ts';
import { nlAdmin as t } from '../../messages/admin.ts';
import { getMemberReceipt } from './api/get-member-receipt.ts';
import { useMemberPayments } from './api/list-member-payments.ts';
import { RefundForm, refundable } from './refund-form.tsx';
import { ResendForm } from './resend-form.tsx';

type Open = { paymentId: string; form: 'refund' | 'resend' } | null;

/**
 * The member's payments on their admin page: status, refunds and documents (downloadable), with
 * 'Terugbetalen' on a paid payment that has money left and 'Bon opnieuw sturen' where there is a bon.
 */
export function MemberPayments(props: {
  uid: string;
  name: string;
  email: string | null;
  onChange: () => void;
}) {
  const { data, error, mutate } = useMemberPayments(props.uid);
  const [open, setOpen] = useState<Open>(null);
  const [done, setDone] = useState<string | null>(null);
  const [downloadFailed, setDownloadFailed] = useState(false);
  if (error && !data) return <FormMessage kind="error">{t.paymentsFailed}</FormMessage>;
  if (!data) return <Spinner size={32} />;
  if (data.payments.length === 0) return <p>{t.paymentsEmpty}</p>;
  const download = async (number: string) => {
    setDownloadFailed(false);
    try {
      const receipt = await getMemberReceipt(props.uid, number);
      savePdf(receipt.contentBase64, receipt.fileName);
    } catch {
      setDownloadFailed(true);
    }
  };
  const finish = (message: string) => {
    setOpen(null);
    setDone(message);
    void mutate();
    props.onChange();
  };
  const form = (paymentId: string, f: 'refund' | 'resend') =>
    open?.paymentId === paymentId && open.form === f;
  return (
    <div>
      {done ? <FormMessage kind="success">{done}</FormMessage> : null}
      {downloadFailed ? <FormMessage kind="error">{t.downloadFailed}</FormMessage> : null}
      <ul css={bareList}>
        {data.payments.map((p) => (
          <Payment key={p.id} payment={p} onDownload={(n) => void download(n)}>
            {form(p.id, 'refund') ? (
              <RefundForm
                uid={props.uid}
                name={props.name}
                payment={p}
                onDone={finish}
                onCancel={() => setOpen(null)}
              />
            ) : null}
            {form(p.id, 'resend') && props.email ? (
              <ResendForm
                uid={props.uid}
                email={props.email}
                payment={p}
                onDone={finish}
                onCancel={() => setOpen(null)}
              />
            ) : null}
            {open?.paymentId === p.id ? null : (
              <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 4 }}>
                {p.status === 'paid' && refundable(p) > 0 ? (
                  <Button variant="secondary" onClick={() => setOpen({ paymentId: p.id, form: 'refund' })}>
                    {t.refund}
                  </Button>
                ) : null}
                {p.documents.length && props.email ? (
                  <Button variant="ghost" onClick={() => setOpen({ paymentId: p.id, form: 'resend' })}>
                    {t.resend}
                  </Button>
                ) : null}
              </div>
            )}
          </Payment>
        ))}
      </ul>
    </div>
  );
}
