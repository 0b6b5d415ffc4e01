import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The door names the operator who let a person in, not only the phone: registration_view keeps
 * the operator's id as the fold of CheckedIn leaves it (the event's operatorId). A check-in
 * recorded before the event carried it has none, live and rebuilt alike, and is named by its
 * phone.
 */
export class CheckInOperator1732000003100 implements MigrationInterface {
  name = 'CheckInOperator1732000003100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE registration_view ADD COLUMN checked_in_operator text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE registration_view DROP COLUMN checked_in_operator`);
  }
}
