import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';

// Issue 30: the mandat de recherche and the registre des mandats (docs/mandates.md).
// - mandate: one per preparation of a buyer's project. `input` is the JSON snapshot of what the
//   mandate says (the client's identity and address, the project, the hunter: MandateInput of
//   src/domain/mandate.ts), kept as prepared so that a later edit of the account or an account
//   deletion never changes a signed mandate. The signing code is stored hashed, with its expiry
//   and its tries. Once signed: the register number, the stored signed PDF and evidence (their
//   DocumentStore ids and SHA-256), and later its end (withdrawal or end after 3 months).
// - mandate_register_entry: the register (arrêté du 15 septembre 1972), append-only: one entry
//   per signed mandate (`kind` 'mandate', `row_number` its order number) and one per observation
//   (`kind` 'observation' on the row `number`). `seq` is the chain's order; each entry carries
//   the SHA-256 of the previous entry (`prev_hash`) and its own (`hash`). Triggers refuse every
//   UPDATE and DELETE, on SQLite and PostgreSQL.
// - mandate_register_counter: one row (id 1, written at the first entry, so a fresh database
//   stays empty for npm run db:copy): the last order number, the last entry and its hash,
//   updated in the signing transaction (locked FOR UPDATE on PostgreSQL): numbers never restart
//   and have no gap, whatever signs at the same instant.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('mandate')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('buyer_id', 'text', (c) => c.notNull().references('app_user.id'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('buyer_project.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('prepared_by', 'text', (c) => c.references('app_user.id'))
    .addColumn('prepared_by_name', 'text', (c) => c.notNull())
    .addColumn('prepared_at', 'text', (c) => c.notNull())
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('code_hash', 'text')
    .addColumn('code_sent_at', 'text')
    .addColumn('code_expires_at', 'text')
    .addColumn('code_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code_checked_at', 'text')
    .addColumn('register_number', 'integer', (c) => c.unique())
    .addColumn('signed_at', 'text')
    .addColumn('pdf_file_id', 'text')
    .addColumn('pdf_sha256', 'text')
    .addColumn('evidence_file_id', 'text')
    .addColumn('evidence_sha256', 'text')
    .addColumn('test_certificate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ended_at', 'text')
    .addColumn('end_reason', 'text')
    .addColumn('ended_by', 'text', (c) => c.references('app_user.id'))
    .addColumn('provider_ref', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('mandate_buyer')
    .on('mandate')
    .columns(['buyer_id', 'prepared_at'])
    .execute();
  await db.schema.createIndex('mandate_project').on('mandate').column('project_id').execute();
  await db.schema
    .createIndex('mandate_provider_ref')
    .on('mandate')
    .column('provider_ref')
    .execute();

  await db.schema
    .createTable('mandate_register_entry')
    .addColumn('seq', 'integer', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('row_number', 'integer', (c) => c.unique())
    .addColumn('mandate_id', 'text', (c) => c.references('mandate.id'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('mandants', 'text', (c) => c.notNull())
    .addColumn('object', 'text', (c) => c.notNull())
    .addColumn('property_sought', 'text', (c) => c.notNull())
    .addColumn('observation', 'text', (c) => c.notNull())
    .addColumn('by_user_id', 'text', (c) => c.references('app_user.id'))
    .addColumn('by_name', 'text', (c) => c.notNull())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mandate_register_entry_number')
    .on('mandate_register_entry')
    .columns(['number', 'seq'])
    .execute();

  await db.schema
    .createTable('mandate_register_counter')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addColumn('last_seq', 'integer', (c) => c.notNull())
    .addColumn('last_hash', 'text', (c) => c.notNull())
    .execute();

  // Append-only, whatever writes to the database (décret 72-678 art. 72: no row changed or
  // removed; a correction is a new observation).
  const refusal = 'Le registre des mandats ne se modifie pas\u00a0: ajoutez une observation.';
  if (dialectOf(db) === 'postgres') {
    await sql`create function mandate_register_append_only() returns trigger language plpgsql as $$
      begin raise exception ${sql.lit(refusal)}; end $$`.execute(db);
    await sql`create trigger mandate_register_entry_append_only before update or delete on mandate_register_entry
      for each row execute function mandate_register_append_only()`.execute(db);
  } else {
    for (const event of ['update', 'delete'])
      await sql`create trigger ${sql.raw(`mandate_register_entry_no_${event}`)} before ${sql.raw(event)} on mandate_register_entry
        begin select raise(abort, ${sql.lit(refusal)}); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('mandate_register_counter').execute();
  await db.schema.dropTable('mandate_register_entry').execute();
  if (dialectOf(db) === 'postgres')
    await sql`drop function if exists mandate_register_append_only()`.execute(db);
  await db.schema.dropTable('mandate').execute();
}
