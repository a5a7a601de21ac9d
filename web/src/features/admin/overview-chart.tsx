import { css } from '@emotion/react';
import type { OverviewMonth } from '@kring/contract';
import { colors, fontSize } from '../../components/ui/theme.ts';
import { nlAdmin } from '../../messages/admin.ts';

const t = nlAdmin.overview;

/** € 1.234,56 */
export const euro = (cents: number) =>
  new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(cents / 100);
export const number = (n: number) => new Intl.NumberFormat('nl-NL').format(n);
/** € 82.500, for an axis. */
export const wholeEuro = (cents: number) =>
  new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(
    cents / 100,
  );

/** 'YYYY-MM' as 'mrt 2026' (long: 'maart 2026'). */
export function monthName(month: string, long = false) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 15)).toLocaleDateString('nl-NL', {
    month: long ? 'long' : 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
const shortMonth = (month: string) => monthName(month).split(' ')[0]!.replace('.', '');

/** The axis' step: 1, 2 or 5 times a power of ten, at least 1, so that four steps reach the largest value. */
function niceStep(max: number) {
  const raw = Math.max(1, max / 4);
  const power = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 5, 10].find((f) => f * power >= raw) ?? 10) * power;
}

// The drawing's own units; the SVG scales to the width it gets (viewBox).
const W = 400;
const H = 190;
const left = 64;
const bottom = 22;
const top = 8;

const figure = css`
  margin: 0;
  min-width: 0;
  figcaption {
    font-weight: 600;
    margin-bottom: 4px;
  }
  svg {
    display: block;
    width: 100%;
    height: auto;
    max-width: 560px;
  }
  text {
    font-size: ${fontSize.sm};
    fill: ${colors.muted};
  }
`;

/** One series as bars per month, its axis in the series' unit; the exact values are in the table. */
export function BarChart({
  title,
  label,
  months,
  value,
  format,
  axis = format,
}: {
  title: string;
  /** What a screen reader hears for the whole chart (the table below has every value). */
  label: string;
  months: readonly OverviewMonth[];
  value: (m: OverviewMonth) => number;
  format: (v: number) => string;
  /** The axis' labels (default: `format`). */
  axis?: (v: number) => string;
}) {
  const stepV = niceStep(Math.max(...months.map(value)));
  const top0 = 4 * stepV;
  const plotH = H - top - bottom;
  const step = (W - left) / months.length;
  const y = (v: number) => top + plotH - (v / top0) * plotH;
  const ticks = [0, 1, 2, 3, 4].map((i) => i * stepV);
  return (
    <figure css={figure}>
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={left} x2={W} y1={y(v)} y2={y(v)} stroke={colors.border} />
            <text x={left - 6} y={y(v) + 4} textAnchor="end">
              {axis(v)}
            </text>
          </g>
        ))}
        {months.map((m, i) => (
          <g key={m.month}>
            <rect
              x={left + i * step + step * 0.15}
              width={step * 0.7}
              y={y(value(m))}
              height={Math.max(0, top + plotH - y(value(m)))}
              fill={colors.primary}
            >
              <title>{`${monthName(m.month, true)}: ${format(value(m))}`}</title>
            </rect>
            <text x={left + i * step + step / 2} y={H - 6} textAnchor="middle">
              {shortMonth(m.month)}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}

const tableStyle = css`
  border-collapse: collapse;
  margin-top: 8px;
  th,
  td {
    padding: 4px 12px 4px 0;
    border-bottom: 1px solid ${colors.border};
    text-align: right;
  }
  th:first-of-type,
  td:first-of-type {
    text-align: left;
  }
`;

/** The same figures as a table, for reading exact values and for screen readers. */
export function HistoryTable({ months }: { months: readonly OverviewMonth[] }) {
  return (
    <details>
      <summary>{t.table}</summary>
      <table css={tableStyle} data-testid="overview-history">
        <thead>
          <tr>
            <th scope="col">{t.month}</th>
            <th scope="col">{t.paying}</th>
            <th scope="col">{t.mrr}</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m, i) => (
            <tr key={m.month}>
              <th scope="row">
                {monthName(m.month, true)}
                {i === months.length - 1 ? ` ${t.running}` : ''}
              </th>
              <td>{number(m.payingMembers)}</td>
              <td>{euro(m.mrrCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
