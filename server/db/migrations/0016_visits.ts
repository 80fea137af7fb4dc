import type { Kysely } from 'kysely';

// Issue 28: visits planned with a buyer, the hunter's visit reports and their photos.
// - visit: a planned visit (the buyer sees it in « Mes visites », the hunter in « Aujourd’hui »).
// - visit_report: one per report, named by `ref`, the UUID the hunter's device gave it (its
//   photos are uploaded under it, before or after the report itself). `photo_ids` is the JSON
//   list of the photos it announced; it is complete when they have all arrived, and only then,
//   when « à proposer », published to the buyer.
// - visit_photo: one per photo, keyed by the device's UUID (a photo is never stored twice),
//   its bytes in the DocumentStore under `file_id`, its SHA-256 to tell a replay from a conflict.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('visit')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('buyer_id', 'text', (c) => c.notNull().references('app_user.id'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('department', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('with_client', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull().references('app_user.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    .execute();
  await db.schema
    .createIndex('visit_buyer')
    .on('visit')
    .columns(['buyer_id', 'starts_at'])
    .execute();
  await db.schema.createIndex('visit_starts').on('visit').column('starts_at').execute();

  await db.schema
    .createTable('visit_report')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('ref', 'text', (c) => c.notNull().unique())
    .addColumn('buyer_id', 'text', (c) => c.notNull().references('app_user.id'))
    .addColumn('visit_id', 'integer', (c) => c.references('visit.id'))
    .addColumn('author_id', 'text', (c) => c.notNull().references('app_user.id'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('department', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('visited_at', 'text', (c) => c.notNull())
    .addColumn('asking_price', 'integer', (c) => c.notNull())
    .addColumn('living_area', 'real', (c) => c.notNull())
    .addColumn('rooms', 'integer', (c) => c.notNull())
    .addColumn('floor', 'integer')
    .addColumn('lift', 'integer', (c) => c.notNull())
    .addColumn('energy', 'real')
    .addColumn('emissions', 'real')
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('works', 'text', (c) => c.notNull())
    .addColumn('works_estimate', 'integer')
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('strengths', 'text', (c) => c.notNull())
    .addColumn('weaknesses', 'text', (c) => c.notNull())
    .addColumn('recommendation', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('photo_ids', 'text', (c) => c.notNull())
    .addColumn('photos_expected', 'integer', (c) => c.notNull())
    .addColumn('photos_received', 'integer', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addColumn('published_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('answer', 'text')
    .addColumn('answer_comment', 'text')
    .addColumn('answered_at', 'text')
    .execute();
  await db.schema
    .createIndex('visit_report_buyer')
    .on('visit_report')
    .columns(['buyer_id', 'visited_at'])
    .execute();

  await db.schema
    .createTable('visit_photo')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('report_ref', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.notNull().references('app_user.id'))
    .addColumn('file_id', 'text', (c) => c.notNull().unique())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('visit_photo_report')
    .on('visit_photo')
    .column('report_ref')
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('visit_photo').execute();
  await db.schema.dropTable('visit_report').execute();
  await db.schema.dropTable('visit').execute();
}
