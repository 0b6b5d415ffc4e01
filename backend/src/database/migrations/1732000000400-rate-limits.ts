import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Request counters shared by every replica: one row per limit, client and fixed window. The
 * client is a hash of its address, and a row lives no longer than two windows.
 */
export class RateLimits1732000000400 implements MigrationInterface {
  name = 'RateLimits1732000000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE rate_limit_counters (
        bucket text NOT NULL,
        client_hash text NOT NULL,
        window_start timestamptz NOT NULL,
        hits integer NOT NULL,
        PRIMARY KEY (bucket, client_hash, window_start)
      )`);
    await queryRunner.query(
      `CREATE INDEX rate_limit_counters_window_idx ON rate_limit_counters (window_start)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE rate_limit_counters`);
  }
}
