import type { Kysely } from 'kysely';

// Issue 29: a conversation per buyer project between the client and the staff who follow it.
// - message: one per message, written by the client (`side` 'client') or a staff member
//   ('staff'); `read_at` is when the other side first read it (the read receipt « Lu »).
// - message_mail: when each recipient was last e-mailed about a conversation (`recipient`: an
//   account's id, or 'agency' for the agency's address): at most one mail per 15 minutes.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('message')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('buyer_project.id').onDelete('cascade'),
    )
    .addColumn('author_id', 'text', (c) => c.references('app_user.id'))
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await db.schema
    .createIndex('message_project')
    .on('message')
    .columns(['project_id', 'id'])
    .execute();
  // The unread of one side (« Aujourd’hui » counts the clients' unread messages).
  await db.schema
    .createIndex('message_unread')
    .on('message')
    .columns(['side', 'read_at', 'project_id'])
    .execute();

  await db.schema
    .createTable('message_mail')
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('buyer_project.id').onDelete('cascade'),
    )
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('mailed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_mail_pk', ['project_id', 'recipient'])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('message_mail').execute();
  await db.schema.dropTable('message').execute();
}
