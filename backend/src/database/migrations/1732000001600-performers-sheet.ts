import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The performers' sheet: each registration's dream as an operator approved it for the sheet
 * (SheetDreamApproved), who approved it and when. Folded like every other column of
 * registration_view, and gone with the row when the registration is erased.
 */
export class PerformersSheet1732000001600 implements MigrationInterface {
  name = 'PerformersSheet1732000001600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE registration_view
        ADD COLUMN sheet_dream text,
        ADD COLUMN sheet_dream_approved_by text,
        ADD COLUMN sheet_dream_approved_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE registration_view
        DROP COLUMN sheet_dream,
        DROP COLUMN sheet_dream_approved_by,
        DROP COLUMN sheet_dream_approved_at`);
  }
}
