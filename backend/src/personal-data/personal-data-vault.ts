import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SqlExecutor } from '../event-store/sql-executor';
import type { SqlStatement } from '../event-store/sql-statement';

/**
 * Crypto-shredding: personal fields inside event payloads are encrypted with a key of their
 * own stream, kept in personal_data_keys. Deleting the key makes every copy of those fields,
 * in the log and in any backup of it, unreadable for good, while the log stays append-only.
 */
const ALGORITHM = 'aes-256-gcm';
const PREFIX = 'pd1';

export type PersonalFields = Record<string, string>;

export function sealPersonalFields(key: Buffer, fields: PersonalFields): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(fields), 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [
    PREFIX,
    iv.toString('base64'),
    tag.toString('base64'),
    ciphertext.toString('base64'),
  ].join('.');
}

export function openPersonalFields(key: Buffer, sealed: string): PersonalFields {
  const [prefix, iv, tag, ciphertext] = sealed.split('.');
  if (prefix !== PREFIX || !iv || !tag || ciphertext === undefined) {
    throw new Error('Not a sealed personal data envelope');
  }
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  const plain = Buffer.concat([
    decipher.update(Buffer.from(ciphertext, 'base64')),
    decipher.final(),
  ]).toString('utf8');
  return JSON.parse(plain) as PersonalFields;
}

/** A fresh key, not stored yet: newPersonalDataKeys stores it with its stream. */
export function newPersonalDataKey(): Buffer {
  return randomBytes(32);
}

/**
 * A new key for each of the given streams, and the one statement that stores them all (to run
 * on its own or alongside the streams' first events). Keys in the order given.
 */
export function newPersonalDataKeys(
  streamIds: string[],
  /** Keys made beforehand (newPersonalDataKey()), where there are; new ones for the rest. */
  given: (Buffer | undefined)[] = [],
): { keys: Buffer[]; insert: SqlStatement } {
  const keys = streamIds.map((_, index) => given[index] ?? newPersonalDataKey());
  return {
    keys,
    insert: {
      text: 'INSERT INTO personal_data_keys (stream_id, key) SELECT * FROM unnest($1::text[], $2::bytea[])',
      parameters: [streamIds, keys],
    },
  };
}

/** The stream's key, or undefined once it has been shredded. */
export async function findPersonalDataKey(
  sql: SqlExecutor,
  streamId: string,
): Promise<Buffer | undefined> {
  const rows: { key: Buffer }[] = await sql.query(
    'SELECT key FROM personal_data_keys WHERE stream_id = $1',
    [streamId],
  );
  return rows[0]?.key;
}

/** Every key of the given streams at once, for replays. */
export async function findPersonalDataKeys(
  sql: SqlExecutor,
  streamIds: string[],
): Promise<Map<string, Buffer>> {
  if (streamIds.length === 0) return new Map();
  const rows: { stream_id: string; key: Buffer }[] = await sql.query(
    'SELECT stream_id, key FROM personal_data_keys WHERE stream_id = ANY($1::text[])',
    [streamIds],
  );
  return new Map(rows.map((row) => [row.stream_id, row.key]));
}

/** Every key of the streams whose id starts with `prefix` (a stream type's, for a rebuild). */
export async function findPersonalDataKeysByPrefix(
  sql: SqlExecutor,
  prefix: string,
): Promise<Map<string, Buffer>> {
  if (!/^[a-z]+-$/.test(prefix)) throw new Error(`Not a stream type's prefix: ${prefix}`);
  const rows: { stream_id: string; key: Buffer }[] = await sql.query(
    `SELECT stream_id, key FROM personal_data_keys WHERE stream_id LIKE '${prefix}%'`,
  );
  return new Map(rows.map((row) => [row.stream_id, row.key]));
}

export async function shredPersonalDataKey(sql: SqlExecutor, streamId: string): Promise<void> {
  await sql.query('DELETE FROM personal_data_keys WHERE stream_id = $1', [streamId]);
}
