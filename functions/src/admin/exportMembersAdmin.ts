import type { exportMembersAdmin } from '@kring/contract';
import type { Handler } from '../lib/handler.ts';
import { appendAdminLog } from './admin-log.repo.ts';
import { type Cell, csvDownload, dutchDate, dutchIsoDay, keepText } from './csv.ts';
import { type ExportMemberRow, exportMembers } from './exports.repo.ts';
import type { MemberState } from './members.repo.ts';

const stateText: Record<MemberState, string> = {
  active: 'Actief',
  cancelled_running: 'Opgezegd, loopt nog',
  comp: 'Erelid of bestuur (gratis)',
  expired: 'Verlopen',
  pending: 'Wacht op eerste betaling',
  suspended: 'Geschorst',
  no_membership: 'Geen lidmaatschap',
};
const compText = { erelid: 'Erelid', bestuur: 'Bestuur' } as const;
const roleText: Record<number, string> = { 0: 'Geen', 1: 'Lid', 2: 'Moderator', 3: 'Beheerder' };

/** The columns a ledenadministratie keeps, as far as Kring stores them (docs/admin.md "Exports"). */
export const memberColumns = [
  'Lid-id',
  'Voornaam',
  'Achternaam',
  'E-mailadres',
  'Straat',
  'Huisnummer',
  'Toevoeging',
  'Postcode',
  'Woonplaats',
  'Land',
  'Telefoon',
  'Geboortedatum',
  'Lid sinds',
  'Status',
  'Plan',
  'Einddatum',
  'Rol',
  'Gratis lidmaatschap',
  'Gratis tot en met',
] as const;

/** The end date is the day a cancelled or expired membership stops; a running one has none. */
const endDate = (r: ExportMemberRow): Date | null =>
  r.status === 'canceled' || r.status === 'expired' ? r.expires_at : null;

const memberCells = (r: ExportMemberRow): Cell[] => [
  r.uid,
  r.first_name,
  r.last_name,
  r.email,
  r.street_name,
  r.house_number,
  r.house_number_extension,
  r.postal_code,
  r.city,
  r.country,
  keepText(r.phone_number),
  dutchDate(r.birthdate),
  r.subscribed_at,
  stateText[r.state],
  r.plan_name,
  endDate(r),
  roleText[r.role] ?? String(r.role),
  r.comp_kind === null ? null : compText[r.comp_kind],
  // comp_until is the midnight after the last day (Amsterdam): the cell shows that last day.
  r.comp_until === null ? null : new Date(r.comp_until.getTime() - 1),
];

async function* memberRows(rows: AsyncIterable<ExportMemberRow>): AsyncGenerator<Cell[]> {
  for await (const row of rows) yield memberCells(row);
}

/** Every member as CSV, streamed; the export itself goes into the admin log first. */
export const exportMembersAdminHandler: Handler<typeof exportMembersAdmin> = async ({ db, user }) => {
  await appendAdminLog(db, {
    actorUid: user.uid,
    action: 'EXPORT_MEMBERS',
    subjectUid: null,
    reason: 'Ledenlijst gedownload (CSV)',
    details: {},
  });
  // The day in the Netherlands: an export at 00:30 on 1 December is not named after 30 November.
  const day = dutchIsoDay(new Date());
  return csvDownload(`kring-leden-${day}.csv`, memberColumns, memberRows(exportMembers(db)));
};
