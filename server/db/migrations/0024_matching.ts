import { sql, type Kysely } from 'kysely';

// Issue 31, rapprochement: a new owner lead is compared with the buyer projects searching its
// department within a budget band (src/domain/matching.ts). The project's budget is copied onto
// its department rows (written with them, buyer-projects.repo `insertDepartments`) so that one
// index range (department, budget) is the whole pre-filter: 50,000 projects are narrowed to the
// few hundred worth scoring without reading the others.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable('buyer_project_department')
    .addColumn('budget', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update buyer_project_department set budget = (select p.budget from buyer_project p where p.id = buyer_project_department.project_id)`.execute(
    db,
  );
  await db.schema
    .createIndex('buyer_project_department_match')
    .on('buyer_project_department')
    .columns(['department', 'budget', 'project_id'])
    .execute();
  // « Proposer au client »: an owner lead shown to a buyer in the client area, once per project.
  await db.schema
    .createTable('match_proposal')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('lead_id', 'integer', (c) => c.notNull().references('owner_contact.id'))
    .addColumn('property_id', 'integer', (c) => c.notNull().references('owner_property.id'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('buyer_project.id'))
    .addColumn('buyer_id', 'text', (c) => c.notNull().references('app_user.id'))
    // No reference: a staff account may be deleted; the audit row keeps who proposed.
    .addColumn('proposed_by', 'text')
    .addColumn('proposed_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('match_proposal_once', ['project_id', 'property_id'])
    .execute();
  await db.schema
    .createIndex('match_proposal_buyer')
    .on('match_proposal')
    .columns(['buyer_id', 'proposed_at'])
    .execute();
  // A hunter told of a new owner lead fitting their buyers: once per hunter and lead.
  await db.schema
    .createTable('match_notice')
    .addColumn('hunter_id', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'integer', (c) => c.notNull().references('owner_contact.id'))
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('match_notice_pk', ['hunter_id', 'lead_id'])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('match_notice').execute();
  await db.schema.dropTable('match_proposal').execute();
  await db.schema.dropIndex('buyer_project_department_match').execute();
  await db.schema.alterTable('buyer_project_department').dropColumn('budget').execute();
}
