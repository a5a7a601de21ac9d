import { useState } from 'react';
import { Payment } from '../../../components/payment-item.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { bareList } from '../../../components/ui/theme.ts';
import { savePdf } from '../../../lib/download.ts';
import { nlBilling as b } from '../../../messages/billing.ts';
import { getReceipt } from '../api/get-receipt.ts';
import { useMyPayments } from '../api/list-my-payments.ts';

/** Every payment of the member, newest first, with a PDF download per factuur and creditnota. */
export function PaymentHistory() {
  const { data, error } = useMyPayments();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  if (error && !data) return <FormMessage kind="error">{b.historyFailed}</FormMessage>;
  if (!data) return <Spinner size={32} />;
  if (data.payments.length === 0) return <p>{b.historyEmpty}</p>;

  const download = async (number: string) => {
    setBusy(true);
    setFailed(false);
    try {
      const receipt = await getReceipt(number);
      savePdf(receipt.contentBase64, receipt.fileName);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      {busy ? (
        <p role="status">
          <Spinner decorative /> {b.downloading}
        </p>
      ) : null}
      {failed ? <FormMessage kind="error">{b.downloadFailed}</FormMessage> : null}
      <ul css={bareList}>
        {data.payments.map((payment) => (
          <Payment key={payment.id} payment={payment} onDownload={(n) => void download(n)} />
        ))}
      </ul>
    </div>
  );
}
