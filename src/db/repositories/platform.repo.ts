import type { ReminderSettings } from '../../lib/stored/envelope-meta.js';
import { decodeJsonColumn } from './stored-json.js';
import type { Db } from '../database.js';

export async function findPlatformByName(db: Db, name: string) {
  return db.selectFrom('platform').selectAll().where('name', '=', name).executeTakeFirst();
}

export async function findPlatformById(db: Db, id: number) {
  return db.selectFrom('platform').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPlatform(db: Db, name: string, createdAt: string) {
  return db.insertInto('platform').values({ name, createdAt }).returningAll().executeTakeFirstOrThrow();
}

export async function countPlatforms(db: Db): Promise<number> {
  const row = await db
    .selectFrom('platform')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The platform's owner address for notices (null when it has none). */
export async function findPlatformNotifyEmail(db: Db, id: number): Promise<string | null | undefined> {
  const row = await db.selectFrom('platform').select('notifyEmail').where('id', '=', id).executeTakeFirst();
  return row?.notifyEmail;
}

export async function findPlatformNotifyTarget(db: Db, id: number) {
  return db.selectFrom('platform').select(['name', 'notifyEmail']).where('id', '=', id).executeTakeFirst();
}

/** What the mails of the platform's documents say about who sent them. */
export async function findPlatformMailSender(db: Db, id: number) {
  return db.selectFrom('platform').select(['name', 'senderName']).where('id', '=', id).executeTakeFirst();
}

/** Sets (or, with null, removes) the mails' sender name; false when no platform has that name. */
export async function setPlatformSenderNameByName(db: Db, name: string, senderName: string | null): Promise<boolean> {
  const result = await db.updateTable('platform').set({ senderName }).where('name', '=', name).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sets (or, with null, removes) the owner address; false when no platform has that name. */
export async function setPlatformNotifyEmailByName(db: Db, name: string, notifyEmail: string | null): Promise<boolean> {
  const result = await db.updateTable('platform').set({ notifyEmail }).where('name', '=', name).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The platform's reminder default (null: none). */
export async function findPlatformReminderSettings(db: Db, id: number): Promise<ReminderSettings | null> {
  const row = await db.selectFrom('platform').select('reminderSettings').where('id', '=', id).executeTakeFirst();
  return decodeJsonColumn<ReminderSettings>(row?.reminderSettings ?? null);
}

/** Sets (or, with null, removes) the reminder default; false when no platform has that name. */
export async function setPlatformReminderSettingsByName(
  db: Db,
  name: string,
  reminderSettings: ReminderSettings | null,
): Promise<boolean> {
  const result = await db
    .updateTable('platform')
    .set({ reminderSettings: reminderSettings && JSON.stringify(reminderSettings) })
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface PlatformCscRow {
  cscUrl: string | null;
  cscClientId: string | null;
  cscClientSecretSealed: string | null;
}

/** The platform's CSC provider as stored (secret still sealed); undefined when no such platform. */
export async function findPlatformCsc(db: Db, id: number): Promise<PlatformCscRow | undefined> {
  return db
    .selectFrom('platform')
    .select(['cscUrl', 'cscClientId', 'cscClientSecretSealed'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Sets (or, with nulls, removes) the CSC provider; false when no platform has that name. */
export async function setPlatformCscByName(db: Db, name: string, csc: PlatformCscRow): Promise<boolean> {
  const result = await db.updateTable('platform').set(csc).where('name', '=', name).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The platform's identity rule and whether signers may enter their own ID, as stored; undefined when no such platform. */
export async function findPlatformIdentityPolicy(
  db: Db,
  id: number,
): Promise<{ identityRule: string; signerEntersId: number } | undefined> {
  return db.selectFrom('platform').select(['identityRule', 'signerEntersId']).where('id', '=', id).executeTakeFirst();
}

/** Sets the identity rule and/or the signer-entry switch; false when no platform has that name. */
export async function setPlatformIdentityPolicyByName(
  db: Db,
  name: string,
  patch: { identityRule?: string; signerEntersId?: number },
): Promise<boolean> {
  const result = await db.updateTable('platform').set(patch).where('name', '=', name).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sets whether the platform's embedded pages take the embedder's css and cssVars; false when no platform has that name. */
export async function setPlatformEmbedWhiteLabelByName(
  db: Db,
  name: string,
  embedWhiteLabel: number,
): Promise<boolean> {
  const result = await db.updateTable('platform').set({ embedWhiteLabel }).where('name', '=', name).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Of these platforms, the ids whose embedded pages take the embedder's css and cssVars. */
export async function platformsWithEmbedWhiteLabel(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('platform')
    .select('id')
    .where('id', 'in', [...ids])
    .where('embedWhiteLabel', '=', 1)
    .execute();
  return rows.map((r) => r.id);
}
