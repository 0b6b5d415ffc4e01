import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The transactional outbox: a row per message to send, written in the same transaction as the
 * event that causes it. Rows carry no personal data, only what to send about which
 * registration; the worker renders the message from the registration when it sends it.
 */
export class Outbox1732000000100 implements MigrationInterface {
  name = 'Outbox1732000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE outbox (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        kind text NOT NULL,
        registration_id uuid NOT NULL,
        payload jsonb NOT NULL DEFAULT '{}'::jsonb,
        caused_by_position bigint,
        created_at timestamptz NOT NULL DEFAULT now(),
        available_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        sent_at timestamptz,
        cancelled_at timestamptz
      )`);
    await queryRunner.query(`
      CREATE INDEX outbox_pending_idx ON outbox (available_at)
        WHERE sent_at IS NULL AND cancelled_at IS NULL`);
    await queryRunner.query(`CREATE INDEX outbox_registration_idx ON outbox (registration_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE outbox`);
  }
}
