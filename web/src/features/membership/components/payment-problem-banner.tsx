import { css } from '@emotion/react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { colors, container } from '../../../components/ui/theme.ts';
import { formatDate, formatPrice } from '../../../lib/format.ts';
import { nlPaymentProblem as t } from '../../../messages/membership.ts';
import { usePaymentProblem } from '../api/get-payment-problem.ts';
import { payMissedPeriod } from '../api/pay-missed-period.ts';

const banner = css`
  margin: 16px 0 0;
  padding: 16px 20px;
  border-left: 4px solid ${colors.error};
  background: ${colors.surface};
  h2 {
    margin: 0 0 8px;
    font-size: 1.1rem;
  }
  p {
    margin: 0 0 8px;
  }
`;

/**
 * On every member page while a failed renewal is not paid (docs/payments.md "Dunning"): the reason,
 * until when access lasts, and 'Nu betalen', which opens the iDEAL checkout for the missed period.
 * The mail's link points at `#nu-betalen` on the membership page.
 */
export function PaymentProblemBanner({ enabled }: { enabled: boolean }) {
  const { data } = usePaymentProblem(enabled);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const problem = data?.problem;
  if (!problem) return null;

  const pay = async () => {
    setBusy(true);
    setFailed(false);
    try {
      window.location.assign((await payMissedPeriod()).checkoutUrl);
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    // In the site's container, so it lines up with the header and the page below.
    <div css={container}>
      <section css={banner} id="nu-betalen" aria-labelledby="payment-problem-title">
        <h2 id="payment-problem-title">{t.title}</h2>
        <p>{t.reason(problem.reason)}</p>
        <p>
          {t.until(
            problem.accessUntil ? formatDate(problem.accessUntil) : '',
            formatPrice(problem.amount.value, problem.amount.currency),
          )}
        </p>
        {failed ? <FormMessage kind="error">{t.failed}</FormMessage> : null}
        <Button disabled={busy} onClick={() => void pay()}>
          {t.pay}
        </Button>
      </section>
    </div>
  );
}
