import { css } from '@emotion/react';
import type { PaymentHistoryItem } from '@kring/contract';
import type { ReactNode } from 'react';
import { formatCents, formatDate } from '../lib/format.ts';
import { nlBilling as b } from '../messages/billing.ts';
import { Button } from './ui/button.tsx';
import { colors, fontSize } from './ui/theme.ts';

const item = css`
  padding: 12px 0;
  border-bottom: 1px solid ${colors.border};
  display: grid;
  gap: 4px;
`;
const head = css`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  justify-content: space-between;
  font-weight: 700;
`;
const detail = css`
  margin: 0;
  color: ${colors.muted};
  font-size: ${fontSize.md};
`;
const documents = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 4px;
`;

/**
 * One payment: date, amount, plan, status, method, period, its refunds with their status and its
 * documents. Also on the admin's member page, with the admin's actions as `children`.
 */
export function Payment({
  payment,
  onDownload,
  children,
}: {
  payment: PaymentHistoryItem;
  onDownload: (n: string) => void;
  children?: ReactNode;
}) {
  const money = (cents: number) => formatCents(cents, payment.currency);
  const method = payment.method ? (b.methods[payment.method] ?? payment.method) : null;
  return (
    <li css={item} data-testid="payment">
      <div css={head}>
        <span>{formatDate(payment.date)}</span>
        <span>{money(payment.amountCents)}</span>
      </div>
      <p css={detail}>
        {[payment.planName, b.statusLabels[payment.status], method].filter(Boolean).join(' · ')}
      </p>
      {payment.periodStart && payment.periodEnd ? (
        <p css={detail}>
          {b.period}: {b.periodText(formatDate(payment.periodStart), formatDate(payment.periodEnd))}
        </p>
      ) : null}
      {payment.refunds.map((r) => (
        <p css={detail} key={r.id} data-testid="refund">
          {b.refundLine(
            money(r.amountCents),
            formatDate(r.createdAt),
            b.refundStatuses[r.status] ?? r.status,
          )}
        </p>
      ))}
      {payment.refundedCents > 0 && payment.refunds.length === 0 ? (
        <p css={detail}>{b.refunded(money(payment.refundedCents))}</p>
      ) : null}
      {payment.chargedBackCents > 0 ? (
        <p css={detail}>{b.chargedBack(money(payment.chargedBackCents))}</p>
      ) : null}
      {payment.documents.length ? (
        <div css={documents}>
          {payment.documents.map((d) => (
            <Button key={d.number} variant="secondary" onClick={() => onDownload(d.number)}>
              {b.documentName(d)}
            </Button>
          ))}
        </div>
      ) : null}
      {children}
    </li>
  );
}
