import { css } from '@emotion/react';
import type { getOverviewAdmin, OutputOf } from '@kring/contract';
import { isAdmin } from '@kring/contract/roles';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { colors, mq } from '../../../components/ui/theme.ts';
import { muted } from '../../../features/admin/admin.styles.ts';
import { AdminNav } from '../../../features/admin/admin-nav.tsx';
import { useOverview } from '../../../features/admin/api/get-overview.ts';
import {
  BarChart,
  euro,
  HistoryTable,
  monthName,
  number,
  wholeEuro,
} from '../../../features/admin/overview-chart.tsx';
import { useAccount } from '../../../lib/auth.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { nlAdmin } from '../../../messages/admin.ts';
import NotFound from '../public/not-found.tsx';

const t = nlAdmin.overview;
type Overview = OutputOf<typeof getOverviewAdmin>;

const section = css`
  margin-bottom: 24px;
  h2 {
    font-size: 1.15rem;
    margin: 0 0 8px;
  }
`;

/** Figures as tiles: the number large, its label under it. */
const tiles = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  gap: 8px;
  margin: 0;
  div {
    display: flex;
    flex-direction: column-reverse;
    justify-content: flex-end;
    padding: 10px 12px;
    background: ${colors.surface};
    border: 1px solid ${colors.border};
    border-radius: 6px;
  }
  dt {
    font-size: 0.9rem;
  }
  dd {
    margin: 0;
    font-size: 1.5rem;
    font-weight: 700;
    overflow-wrap: anywhere;
  }
`;

const charts = css`
  display: grid;
  gap: 16px;
  ${mq.large} {
    grid-template-columns: 1fr 1fr;
  }
`;

function Tiles({ items }: { items: readonly (readonly [string, string])[] }) {
  return (
    <dl css={tiles}>
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Figures({ data }: { data: Overview }) {
  const s = data.states;
  return (
    <>
      <section css={section} aria-labelledby="ov-members">
        <h2 id="ov-members">{t.members}</h2>
        <Tiles
          items={[
            [t.states.active, number(s.active)],
            [t.states.grace, number(s.grace)],
            [t.states.cancelledRunning, number(s.cancelledRunning)],
            [t.states.expired, number(s.expired)],
            [t.states.pending, number(s.pending)],
            [t.states.suspended, number(s.suspended)],
            [t.states.comp, number(s.comp)],
            [t.states.noMembership, number(s.noMembership)],
          ]}
        />
      </section>
      <section css={section} aria-labelledby="ov-money">
        <h2 id="ov-money">{t.money}</h2>
        <Tiles
          items={[
            [t.paying, number(data.payingMembers)],
            [t.mrr, euro(data.mrrCents)],
          ]}
        />
        <p css={muted}>{t.moneyNote}</p>
      </section>
      <section css={section} aria-labelledby="ov-30">
        <h2 id="ov-30">{t.last30}</h2>
        <Tiles
          items={[
            [t.new, number(data.last30Days.new)],
            [t.cancelled, number(data.last30Days.cancelled)],
            [t.expired, number(data.last30Days.expired)],
          ]}
        />
      </section>
      <section css={section} aria-labelledby="ov-open">
        <h2 id="ov-open">{t.open}</h2>
        <Tiles
          items={[
            [
              t.failedRenewals,
              `${number(data.openFailedRenewals.count)} (${euro(data.openFailedRenewals.amountCents)})`,
            ],
            [t.openReports, number(data.openReports)],
          ]}
        />
      </section>
    </>
  );
}

type Month = Overview['history'][number];

/** The two series of the history: paying members and MRR, each with what a screen reader hears. */
const series = [
  { title: t.paying, summary: t.payingChart, value: (m: Month) => m.payingMembers, format: number },
  { title: t.mrr, summary: t.mrrChart, value: (m: Month) => m.mrrCents, format: euro, axis: wholeEuro },
];

function History({ months }: { months: Overview['history'] }) {
  const first = months[0]!;
  const last = months.at(-1)!;
  const [from, to] = [monthName(first.month, true), monthName(last.month, true)];
  return (
    <section css={section} aria-labelledby="ov-history">
      <h2 id="ov-history">{t.history}</h2>
      <p css={muted}>{t.historyNote}</p>
      <div css={charts}>
        {series.map(({ summary, ...chart }) => (
          <BarChart
            key={chart.title}
            {...chart}
            label={summary(from, to, chart.format(chart.value(first)), chart.format(chart.value(last)))}
            months={months}
          />
        ))}
      </div>
      <HistoryTable months={months} />
    </section>
  );
}

/** /beheer: members by state, paying members and MRR, the last 30 days, open work, 12 months. */
export default function AdminOverviewPage() {
  const admin = isAdmin(useAccount().data?.role);
  const { data, error } = useOverview(admin);
  if (!admin) return <NotFound />;
  return (
    <Page title={t.title}>
      <AdminNav />
      {error ? <FormMessage kind="error">{errorText(error, nlAdmin.failed)}</FormMessage> : null}
      {data ? (
        <>
          <Figures data={data} />
          <History months={data.history} />
          <p css={muted}>
            {t.takenAt(
              new Date(data.at).toLocaleString('nl-NL', {
                dateStyle: 'long',
                timeStyle: 'short',
                timeZone: 'Europe/Amsterdam',
              }),
            )}
          </p>
        </>
      ) : null}
    </Page>
  );
}
