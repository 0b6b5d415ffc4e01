import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each stop has its own currency beside its price: tour_event_view keeps it as the fold leaves
 * it. Events announced before they named one were priced in the tour's currency (tour_view's,
 * from TourImported), which the fold gives them, so they are filled with it here, as a rebuild
 * would.
 */
export class CurrencyPerStop1732000003700 implements MigrationInterface {
  name = 'CurrencyPerStop1732000003700';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE tour_event_view ADD COLUMN currency text`);
    await queryRunner.query(
      `UPDATE tour_event_view SET currency = (SELECT currency FROM tour_view WHERE id)`,
    );
    await queryRunner.query(`ALTER TABLE tour_event_view ALTER COLUMN currency SET NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE tour_event_view DROP COLUMN currency`);
  }
}
