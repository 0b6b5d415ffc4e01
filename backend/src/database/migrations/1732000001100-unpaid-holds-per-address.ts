import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Unpaid seat holds are capped per client address (UNPAID_HOLDS_PER_ADDRESS): each
 * registration's row carries the hash of the address it came from (from RegistrationCreated,
 * where it is sealed with the other personal fields), and the live holds of an address are
 * counted from the rows, under the slot's and the address's locks. Registrations made before
 * this have no address and count toward no cap.
 */
export class UnpaidHoldsPerAddress1732000001100 implements MigrationInterface {
  name = 'UnpaidHoldsPerAddress1732000001100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE registration_view ADD COLUMN client_key text`);
    await queryRunner.query(
      `CREATE INDEX registration_view_unpaid_holds_idx ON registration_view (client_key)
        WHERE status = 'held' AND client_key IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX registration_view_unpaid_holds_idx`);
    await queryRunner.query(`ALTER TABLE registration_view DROP COLUMN client_key`);
  }
}
