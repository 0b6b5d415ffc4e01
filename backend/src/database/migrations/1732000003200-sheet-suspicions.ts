import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The performers' sheet's review: the reviewer's answers to the anonymiser's suspicions
 * (SheetSuspicionsAnswered, as JSON) and whether an approved text that still looked personal was
 * approved knowingly. Folded like every other column of registration_view, gone with the row
 * when the registration is erased.
 */
export class SheetSuspicions1732000003200 implements MigrationInterface {
  name = 'SheetSuspicions1732000003200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE registration_view
        ADD COLUMN sheet_still_personal_accepted boolean NOT NULL DEFAULT false,
        ADD COLUMN sheet_answers text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE registration_view
        DROP COLUMN sheet_still_personal_accepted,
        DROP COLUMN sheet_answers`);
  }
}
