import type { Kysely } from 'kysely';

// Issue 29: Web Push subscriptions (docs/push.md). One row per browser that allowed
// notifications for a signed-in person: the push service's endpoint (unique: a browser signed in
// with another account takes its row over), its encryption keys, when and from what device
// (« Chrome sur Android », read from the User-Agent) it was given. Removed when the person turns
// notifications off, when the push service says the subscription is gone (404, 410), and with
// the account.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('push_subscription')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'text', (c) => c.notNull().references('app_user.id'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscription_user')
    .on('push_subscription')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('push_subscription').execute();
}
