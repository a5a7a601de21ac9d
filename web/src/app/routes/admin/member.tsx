import { isAdmin } from '@kring/contract/roles';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Page, sectionStyle } from '../../../components/ui/page.tsx';
import { facts, logList, muted } from '../../../features/admin/admin.styles.ts';
import { AdminNav } from '../../../features/admin/admin-nav.tsx';
import { useMember } from '../../../features/admin/api/get-member.ts';
import { CompSection } from '../../../features/admin/comp-form.tsx';
import { LogEntries } from '../../../features/admin/log-entries.tsx';
import { memberName } from '../../../features/admin/member-name.ts';
import { MemberPayments } from '../../../features/admin/member-payments.tsx';
import { RoleForm } from '../../../features/admin/role-form.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useAccount } from '../../../lib/auth.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { nlAdmin as t } from '../../../messages/admin.ts';
import NotFound from '../public/not-found.tsx';

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('nl-NL') : t.none);

type Member = NonNullable<ReturnType<typeof useMember>['data']>;

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <dl css={facts}>
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function MemberFacts({ member: m }: { member: Member['member'] }) {
  const f = t.fields;
  return (
    <>
      <section>
        <h2>{t.details}</h2>
        <Facts
          rows={[
            [f.email, m.email ?? t.none],
            [f.profile, m.profileName ?? t.none],
            // Empty for a moderator or admin without a membership.
            [f.birthdate, m.birthdate || t.none],
            [f.phone, m.phoneNumber || t.none],
            [f.address, m.address || t.none],
          ]}
        />
      </section>
      <section css={sectionStyle}>
        <h2>{t.membership}</h2>
        <Facts
          rows={[
            [t.columns.state, t.states[m.state]],
            [f.since, day(m.memberSince)],
            [f.subscribedAt, day(m.subscribedAt)],
            [f.renewedAt, day(m.renewedAt)],
            [f.canceledAt, day(m.canceledAt)],
            [f.expiresAt, day(m.expiresAt)],
            [f.graceUntil, day(m.graceUntil)],
          ]}
        />
      </section>
    </>
  );
}

function History({ data }: { data: Member }) {
  return (
    <>
      <section css={sectionStyle}>
        <h2>{t.suspensions}</h2>
        {data.suspensions.length === 0 ? <p>{t.noSuspensions}</p> : null}
        <ul css={logList}>
          {data.suspensions.map((s) => (
            <li key={s.createdAt}>
              <span css={muted}>{day(s.createdAt)}</span> — {t.suspendedUntil(day(s.until))}
              {s.liftedAt ? ` (${t.lifted} ${day(s.liftedAt)})` : ''} · {t.reasonLabel} {s.reason}
            </li>
          ))}
        </ul>
      </section>
      <section css={sectionStyle}>
        <h2>{t.reports}</h2>
        {data.reports.length === 0 ? <p>{t.noReports}</p> : null}
        <ul css={logList}>
          {data.reports.map((r) => (
            <li key={r.id}>
              <span css={muted}>{day(r.createdAt)}</span> — {r.itemKind} #{r.itemId} · {r.reason} ·{' '}
              {r.resolution ?? t.open}
            </li>
          ))}
        </ul>
      </section>
      <section css={sectionStyle}>
        <h2>{t.memberLog}</h2>
        <LogEntries items={data.log} />
      </section>
    </>
  );
}

/** /beheer/leden/:uid: one member's details, membership, role (changeable), suspensions, reports and log. */
export default function AdminMemberPage() {
  const admin = isAdmin(useAccount().data?.role);
  const uid = useParams().uid ?? '';
  const [changed, setChanged] = useState(false);
  const [compDone, setCompDone] = useState<string | null>(null);
  const { data, error, mutate } = useMember(admin && uid ? uid : null);
  if (!admin) return <NotFound />;
  const name = data ? memberName(data.member) : null;
  return (
    <Page title={name ?? t.memberTitle} narrow>
      <AdminNav />
      {error ? (
        <FormMessage kind="error">
          {error instanceof ApiError && error.status === 404 ? t.notFound : errorText(error, t.failed)}
        </FormMessage>
      ) : null}
      {data ? (
        <>
          <MemberFacts member={data.member} />
          <section css={sectionStyle}>
            <h2>
              {t.role}: {t.roles[data.member.role]}
            </h2>
            {/* A new role starts a fresh form (its choice is always a different role). */}
            <RoleForm
              key={data.member.role}
              uid={uid}
              name={name ?? ''}
              role={data.member.role}
              onChanged={() => {
                setChanged(true);
                void mutate();
              }}
            />
            {changed ? <FormMessage kind="success">{t.roleChanged}</FormMessage> : null}
          </section>
          <section css={sectionStyle}>
            <h2>{t.comp.title}</h2>
            <CompSection
              uid={uid}
              name={name ?? ''}
              comp={data.member.comp}
              onDone={(text) => {
                setCompDone(text);
                void mutate();
              }}
            />
            {compDone ? <FormMessage kind="success">{compDone}</FormMessage> : null}
          </section>
          <section css={sectionStyle}>
            <h2>{t.payments}</h2>
            <MemberPayments
              uid={uid}
              name={name ?? ''}
              email={data.member.email}
              onChange={() => void mutate()}
            />
          </section>
          <History data={data} />
        </>
      ) : null}
    </Page>
  );
}
