import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Command Center filters and counts by the registration's status (the domain's word, not
 * the waiting_list flag): the list of one status, newest first, and the count of each status
 * read from one index.
 */
export class StatusPages1732000001450 implements MigrationInterface {
  name = 'StatusPages1732000001450';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE INDEX registration_view_status_page_idx
        ON registration_view (status, created_at DESC, id DESC)`);
    await queryRunner.query(`DROP INDEX registration_view_waiting_page_idx`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE INDEX registration_view_waiting_page_idx
        ON registration_view (waiting_list, created_at DESC, id DESC)`);
    await queryRunner.query(`DROP INDEX registration_view_status_page_idx`);
  }
}
