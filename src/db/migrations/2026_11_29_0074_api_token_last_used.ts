import type { Kysely } from 'kysely';

/**
 * Issue 37, item 3 (team settings): when each API token was last used, shown in the app's token
 * list. Written at most once an hour per token (authenticate-api-token.ts), never per request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_token').addColumn('last_used_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_token').dropColumn('last_used_at').execute();
}
