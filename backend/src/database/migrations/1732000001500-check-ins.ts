import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The door: registration_view keeps when a person was checked in, by which door device, and
 * whether they were marked a no-show, as the fold of CheckedIn, CheckInUndone and NoShowMarked
 * leaves them. (A slot's door list reads its people in seat order, (created_at, id), through
 * the slot's page index of 1732000000800.)
 */
export class CheckIns1732000001500 implements MigrationInterface {
  name = 'CheckIns1732000001500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE registration_view
        ADD COLUMN checked_in_at timestamptz,
        ADD COLUMN checked_in_by text,
        ADD COLUMN no_show boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE registration_view
        DROP COLUMN no_show,
        DROP COLUMN checked_in_by,
        DROP COLUMN checked_in_at`);
  }
}
