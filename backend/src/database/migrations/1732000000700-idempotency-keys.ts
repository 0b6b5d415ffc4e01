import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The answers given to requests that carried an Idempotency-Key, so a retried POST (a client's,
 * or the proxy's on another replica) gets the first answer instead of acting twice. A row is
 * claimed before the request runs (status NULL) and holds its answer once it has one; rows live
 * a day.
 */
export class IdempotencyKeys1732000000700 implements MigrationInterface {
  name = 'IdempotencyKeys1732000000700';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE idempotency_keys (
        scope text NOT NULL,
        key text NOT NULL,
        fingerprint text NOT NULL,
        status integer,
        body jsonb,
        claimed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (scope, key)
      )`);
    await queryRunner.query(
      `CREATE INDEX idempotency_keys_claimed_at_idx ON idempotency_keys (claimed_at)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE idempotency_keys`);
  }
}
