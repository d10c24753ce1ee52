import type { Kysely } from 'kysely';

// Who changed whose plan, and how (an admin or Stripe); Stripe events already handled (each id
// once); and the Stripe customer behind a user, for subscription updates and the billing portal.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('stripe_customer_id', 'text').execute();
  await db.schema.createIndex('users_stripe_customer_idx').on('users').column('stripe_customer_id').execute();

  await db.schema
    .createTable('subscription_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('changed_by', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('from_subscription', 'text', (c) => c.notNull())
    .addColumn('to_subscription', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscription_changes_user_idx').on('subscription_changes').column('user_id').execute();

  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stripe_events').execute();
  await db.schema.dropTable('subscription_changes').execute();
  await db.schema.dropIndex('users_stripe_customer_idx').execute();
  await db.schema.alterTable('users').dropColumn('stripe_customer_id').execute();
}
