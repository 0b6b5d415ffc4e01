import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A claimed outbox row carries its lease: until when its worker holds it (renewed while the
 * work runs). A row claimed while its previous lease was still recorded was left by a worker
 * that died: the metrics count those recoveries. Sent, cancelled and postponed rows hold none.
 */
export class OutboxLeases1732000001400 implements MigrationInterface {
  name = 'OutboxLeases1732000001400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE outbox ADD COLUMN leased_until timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE outbox DROP COLUMN leased_until`);
  }
}
