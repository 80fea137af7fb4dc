import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_contact_message';
import * as m0002 from './0002_accounts';
import * as m0003 from './0003_owner_leads';
import * as m0004 from './0004_buyer_projects';
import * as m0005 from './0005_throttle';
import * as m0006 from './0006_session_version';
import * as m0007 from './0007_mail_queue';
import * as m0008 from './0008_orders';
import * as m0009 from './0009_staff_area';
import * as m0010 from './0010_staff_lists';
import * as m0011 from './0011_account_deletion';
import * as m0012 from './0012_client_documents';
import * as m0013 from './0013_user_version';
import * as m0014 from './0014_search_text';
import * as m0015 from './0015_list_indexes';
import * as m0016 from './0016_visits';
import * as m0017 from './0017_messages';
import * as m0018 from './0018_push';
import * as m0019 from './0019_tasks';
import * as m0020 from './0020_mail_group';
import * as m0021 from './0021_mandates';
import * as m0023 from './0023_jobs';
import * as m0024 from './0024_matching';
import * as m0025 from './0025_retention';
import * as m0027 from './0027_proposal_answer';
import * as m0029 from './0029_user_basket';
import * as m0028 from './0028_homestylz_orders';
import * as m0030 from './0030_mail_attachments';
import * as m0031 from './0031_form_copies';

/**
 * Migrations live in code (not files read at run time) so the bundled server carries them, one
 * file each. Names sort in the order they run and are recorded by existing databases: never
 * rename or edit one that has shipped, add the next.
 */
const migrations: Record<string, Migration> = {
  '0001_contact_message': m0001,
  '0002_accounts': m0002,
  '0003_owner_leads': m0003,
  '0004_buyer_projects': m0004,
  '0005_throttle': m0005,
  '0006_session_version': m0006,
  '0007_mail_queue': m0007,
  '0008_orders': m0008,
  '0009_staff_area': m0009,
  '0010_staff_lists': m0010,
  '0011_account_deletion': m0011,
  '0012_client_documents': m0012,
  '0013_user_version': m0013,
  '0014_search_text': m0014,
  '0015_list_indexes': m0015,
  '0016_visits': m0016,
  '0017_messages': m0017,
  '0018_push': m0018,
  '0019_tasks': m0019,
  '0020_mail_group': m0020,
  '0021_mandates': m0021,
  '0023_jobs': m0023,
  '0024_matching': m0024,
  '0025_retention': m0025,
  '0027_proposal_answer': m0027,
  '0029_user_basket': m0029,
  '0028_homestylz_orders': m0028,
  '0030_mail_attachments': m0030,
  '0031_form_copies': m0031,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
