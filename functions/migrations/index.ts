import type { Migration, MigrationProvider } from 'kysely/migration';
import * as m0001 from './0001_initial.ts';
import * as m0002 from './0002_community_feed.ts';
import * as m0003 from './0003_membership_lifecycle.ts';
import * as m0004 from './0004_payment_start_lock.ts';
import * as m0005 from './0005_rate_limits.ts';
import * as m0006 from './0006_comment_threads.ts';
import * as m0007 from './0007_mail.ts';
import * as m0008 from './0008_security_privacy.ts';
import * as m0009 from './0009_search_reports.ts';
import * as m0010 from './0010_report_evidence.ts';
import * as m0011 from './0011_mail_address_age.ts';
import * as m0012 from './0012_plans_invoices.ts';
import * as m0013 from './0013_dunning.ts';
import * as m0014 from './0014_chat_mail_mentions.ts';
import * as m0017 from './0017_admin_log.ts';
import * as m0018 from './0018_search_member_text.ts';
import * as m0019 from './0019_admin_overview.ts';
import * as m0020 from './0020_refunds.ts';
import * as m0021 from './0021_comp_memberships.ts';
import * as m0022 from './0022_admin_log_exports.ts';
import * as m0023 from './0023_overview_version.ts';
import * as m0025 from './0025_admin_log_append_only.ts';

/** Ordered migrations, imported statically so the functions bundle carries them. Add new ones at the end. */
const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_community_feed': m0002,
  '0003_membership_lifecycle': m0003,
  '0004_payment_start_lock': m0004,
  '0005_rate_limits': m0005,
  '0006_comment_threads': m0006,
  '0007_mail': m0007,
  '0008_security_privacy': m0008,
  '0009_search_reports': m0009,
  '0010_report_evidence': m0010,
  '0011_mail_address_age': m0011,
  '0012_plans_invoices': m0012,
  '0013_dunning': m0013,
  '0014_chat_mail_mentions': m0014,
  '0017_admin_log': m0017,
  '0018_search_member_text': m0018,
  '0019_admin_overview': m0019,
  '0020_refunds': m0020,
  '0021_comp_memberships': m0021,
  '0022_admin_log_exports': m0022,
  '0023_overview_version': m0023,
  '0025_admin_log_append_only': m0025,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
