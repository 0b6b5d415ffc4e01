import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../../config/app-config.token';
import type { AppConfig } from '../../config/config';
import type { SqlExecutor } from '../../event-store/sql-executor';
import {
  readTicket,
  ticketKeyIdOf,
  type TicketReading,
  newTicketKey,
  publishTicketKey,
  ticketKeyFromPem,
  ticketKeyToPem,
  type PublishedTicketKey,
  type TicketKey,
} from './ticket-code';

/** Stored keys are app_settings rows named with this prefix and the key's id. */
const SETTING_PREFIX = 'ticket_signing_key:';
const KEYS_LOCK = 'ticket_signing_keys';

/** How long a process trusts the keys it read before reading them again (a rotation elsewhere). */
const RELOAD_AFTER_MS = 60_000;
/** An unknown key id reads the keys again, at most this often (ids are the client's to send). */
const UNKNOWN_KEY_RELOAD_MS = 5_000;

export interface TicketKeyRing {
  /** The key new tickets are signed with. */
  current: TicketKey;
  /** Every key a ticket may still carry, the current one first. */
  keys: TicketKey[];
}

/**
 * The generated keys, oldest first, as every process shares them: the first process to ask with
 * none stored generates one (under a lock, so two processes starting together make one).
 */
export async function storedTicketKeys(dataSource: DataSource): Promise<TicketKey[]> {
  return dataSource.transaction(async (manager) => {
    await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [KEYS_LOCK]);
    let rows: { value: string }[] = await manager.query(
      `SELECT value FROM app_settings WHERE starts_with(key, $1) ORDER BY created_at, key`,
      [SETTING_PREFIX],
    );
    if (rows.length === 0) {
      await insertTicketKey(manager, newTicketKey());
      rows = await manager.query(`SELECT value FROM app_settings WHERE starts_with(key, $1)`, [
        SETTING_PREFIX,
      ]);
    }
    return rows.map((row) => ticketKeyFromPem(row.value));
  });
}

async function insertTicketKey(sql: SqlExecutor, key: TicketKey): Promise<void> {
  // clock_timestamp(): two rotations in one transaction still order as they were made.
  await sql.query(
    `INSERT INTO app_settings (key, value, created_at) VALUES ($1, $2, clock_timestamp())`,
    [`${SETTING_PREFIX}${key.keyId}`, ticketKeyToPem(key)],
  );
}

/**
 * Rotation: a new key becomes the current one, kept in the database; the older ones stay, so
 * the tickets already sent keep verifying. Answers the new key's id. Running processes sign with
 * it within a minute (they read the keys again), and verify its tickets at once (a key id they
 * do not know makes them read again).
 */
export async function rotateTicketKey(dataSource: DataSource): Promise<string> {
  return dataSource.transaction(async (manager) => {
    await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [KEYS_LOCK]);
    const key = newTicketKey();
    await insertTicketKey(manager, key);
    return key.keyId;
  });
}

/** The ring a process works with: TICKET_SIGNING_KEY first when set, then the stored keys. */
export function ticketKeyRing(
  stored: TicketKey[],
  configured: TicketKey | undefined,
): TicketKeyRing {
  const newestFirst = [...stored].reverse();
  const keys = configured
    ? [configured, ...newestFirst.filter((key) => key.keyId !== configured.keyId)]
    : newestFirst;
  return { current: keys[0], keys };
}

/** The ticket keys of this process, read from the database (and the configuration). */
@Injectable()
export class TicketKeys {
  private ring: Promise<TicketKeyRing> | undefined;
  private loadedAt = 0;
  private unknownKeyReloadAt = 0;
  private readonly configured: TicketKey | undefined;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.configured = config.ticketSigningKey
      ? ticketKeyFromPem(config.ticketSigningKey)
      : undefined;
  }

  /** The keys, read again once they are a minute old. */
  keyRing(now = Date.now()): Promise<TicketKeyRing> {
    if (!this.ring || now - this.loadedAt > RELOAD_AFTER_MS) this.reload(now);
    return this.ring!;
  }

  private reload(now = Date.now()): void {
    this.loadedAt = now;
    const loading = storedTicketKeys(this.dataSource).then((stored) =>
      ticketKeyRing(stored, this.configured),
    );
    // A failed read is not kept: the next request tries again.
    loading.catch(() => {
      if (this.ring === loading) this.ring = undefined;
    });
    this.ring = loading;
  }

  /** A key by its id; one this process does not know yet makes it read the keys again. */
  async byId(keyId: string): Promise<TicketKey | undefined> {
    const known = (await this.keyRing()).keys.find((key) => key.keyId === keyId);
    if (known || Date.now() - this.unknownKeyReloadAt < UNKNOWN_KEY_RELOAD_MS) return known;
    this.unknownKeyReloadAt = Date.now();
    this.reload();
    return (await this.keyRing()).keys.find((key) => key.keyId === keyId);
  }

  /** Reads and verifies a ticket code with the keys (a key id not known yet reads them again). */
  async read(code: string): Promise<TicketReading> {
    const keyId = ticketKeyIdOf(code);
    const key = keyId === undefined ? undefined : await this.byId(keyId);
    return readTicket(code, (id) => (key && id === key.keyId ? key : undefined));
  }

  /** The keys as published: every key a ticket may carry, the current one marked. */
  async published(): Promise<PublishedTicketKey[]> {
    const ring = await this.keyRing();
    return ring.keys.map((key) => publishTicketKey(key, key.keyId === ring.current.keyId));
  }
}
