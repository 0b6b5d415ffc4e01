import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operators as named people. Their facts are events (a stream per operator, `operator-<id>`),
 * folded into operator_view; their secrets are never events: the passphrase's hash, the TOTP
 * secret, the recovery codes' hashes and the passkeys' public keys live in tables of their own,
 * deleted when the operator is erased. A session names its operator (NULL: the owner's
 * password), the device and address it was opened from and when it was last used. An outbox
 * row is for a registration or for an operator (an invitation), never both.
 */
export class Operators1732000002000 implements MigrationInterface {
  name = 'Operators1732000002000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE operator_view (
        id uuid PRIMARY KEY,
        number integer NOT NULL UNIQUE CHECK (number > 0),
        name text,
        email text,
        email_key text UNIQUE,
        role text NOT NULL,
        state text NOT NULL CHECK (state IN ('invited', 'active', 'suspended', 'erased')),
        invitation_id uuid UNIQUE,
        invited_at timestamptz NOT NULL,
        invitation_expires_at timestamptz,
        joined_at timestamptz,
        passkeys integer NOT NULL DEFAULT 0,
        totp boolean NOT NULL DEFAULT false,
        version integer NOT NULL,
        last_position bigint NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE operator_credentials (
        operator_id uuid PRIMARY KEY,
        passphrase_hash text NOT NULL,
        totp_secret text,
        totp_pending_secret text,
        totp_last_step bigint
      )`);
    await queryRunner.query(`
      CREATE TABLE operator_recovery_codes (
        operator_id uuid NOT NULL,
        code_hash text NOT NULL,
        used_at timestamptz,
        PRIMARY KEY (operator_id, code_hash)
      )`);
    await queryRunner.query(`
      CREATE TABLE operator_passkeys (
        id text PRIMARY KEY,
        operator_id uuid NOT NULL,
        name text NOT NULL,
        public_key bytea NOT NULL,
        counter bigint NOT NULL,
        transports text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL,
        last_used_at timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX operator_passkeys_operator_idx ON operator_passkeys (operator_id)`,
    );
    await queryRunner.query(`
      CREATE TABLE webauthn_challenges (
        id uuid PRIMARY KEY,
        challenge text NOT NULL,
        purpose text NOT NULL CHECK (purpose IN ('registration', 'authentication')),
        operator_id uuid,
        expires_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      ALTER TABLE admin_sessions
        ADD COLUMN operator_id uuid,
        ADD COLUMN device text NOT NULL DEFAULT '',
        ADD COLUMN address text NOT NULL DEFAULT '',
        ADD COLUMN last_used_at timestamptz`);
    await queryRunner.query(`UPDATE admin_sessions SET last_used_at = created_at`);
    await queryRunner.query(`ALTER TABLE admin_sessions ALTER COLUMN last_used_at SET NOT NULL`);
    await queryRunner.query(
      `CREATE INDEX admin_sessions_operator_idx ON admin_sessions (operator_id)`,
    );
    await queryRunner.query(`
      ALTER TABLE outbox
        ALTER COLUMN registration_id DROP NOT NULL,
        ADD COLUMN operator_id uuid,
        ADD CONSTRAINT outbox_one_recipient CHECK ((registration_id IS NULL) <> (operator_id IS NULL))`);
    await queryRunner.query(
      `CREATE INDEX outbox_operator_idx ON outbox (operator_id) WHERE operator_id IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM outbox WHERE operator_id IS NOT NULL`);
    await queryRunner.query(`DROP INDEX outbox_operator_idx`);
    await queryRunner.query(`
      ALTER TABLE outbox
        DROP CONSTRAINT outbox_one_recipient,
        DROP COLUMN operator_id,
        ALTER COLUMN registration_id SET NOT NULL`);
    await queryRunner.query(`DROP INDEX admin_sessions_operator_idx`);
    await queryRunner.query(`
      ALTER TABLE admin_sessions
        DROP COLUMN operator_id, DROP COLUMN device, DROP COLUMN address, DROP COLUMN last_used_at`);
    await queryRunner.query(`DROP TABLE webauthn_challenges`);
    await queryRunner.query(`DROP TABLE operator_passkeys`);
    await queryRunner.query(`DROP TABLE operator_recovery_codes`);
    await queryRunner.query(`DROP TABLE operator_credentials`);
    await queryRunner.query(`DROP TABLE operator_view`);
  }
}
