import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Waiting-list offers and cancellations need no new column (an offer's deadline is the row's
 * hold_expires_at; 'offered' and 'cancelled' are statuses), only two indexes: the hold sweeper
 * finds lapsed offers as it finds lapsed holds, and the offer worker reads a slot's waiting
 * list in order.
 */
export class WaitingListOffers1732000001300 implements MigrationInterface {
  name = 'WaitingListOffers1732000001300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX registration_view_open_offers_idx ON registration_view (hold_expires_at)
        WHERE status = 'offered'`,
    );
    await queryRunner.query(
      `CREATE INDEX registration_view_waiting_idx ON registration_view (event, time)
        WHERE status = 'waiting'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX registration_view_waiting_idx`);
    await queryRunner.query(`DROP INDEX registration_view_open_offers_idx`);
  }
}
