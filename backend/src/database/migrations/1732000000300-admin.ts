import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The operator's sessions and the failed-login counter, both in PostgreSQL so that every app
 * process sees the same ones. A session row keeps only a hash of its token: a copy of the
 * table does not let anyone in.
 */
export class Admin1732000000300 implements MigrationInterface {
  name = 'Admin1732000000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE admin_sessions (
        id uuid PRIMARY KEY,
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX admin_sessions_expires_at_idx ON admin_sessions (expires_at)`,
    );
    await queryRunner.query(`
      CREATE TABLE admin_login_failures (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        client_address text NOT NULL,
        failed_at timestamptz NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX admin_login_failures_client_idx ON admin_login_failures (client_address, failed_at)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE admin_login_failures`);
    await queryRunner.query(`DROP TABLE admin_sessions`);
  }
}
