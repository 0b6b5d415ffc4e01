import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Command Center's paged list at 100,000 registrations and more: keyset indexes in the
 * list's order (newest first), by slot and by waiting list, and a trigram index over what the
 * search looks at. `search_text` is a generated column of registration_view, so it lives and
 * dies with the person's row: erasure deletes the row, and with it everything search keeps.
 */
export class RegistrationPage1732000000800 implements MigrationInterface {
  name = 'RegistrationPage1732000000800';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A trusted extension since PostgreSQL 13: a database owner may create it.
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    // Name, email and phone in lower case, and the phone's digits alone (so '0712345' finds
    // '+40 712 345 678' written with spaces). Lines part the fields: no match spans two.
    await queryRunner.query(`
      ALTER TABLE registration_view ADD COLUMN search_text text GENERATED ALWAYS AS (
        lower(coalesce(name, '')) || E'\\n' || lower(coalesce(email, '')) || E'\\n' ||
        lower(coalesce(whatsapp, '')) || E'\\n' || regexp_replace(coalesce(whatsapp, ''), '[^0-9]', '', 'g')
      ) STORED`);
    await queryRunner.query(`
      CREATE INDEX registration_view_search_idx ON registration_view
        USING gin (search_text gin_trgm_ops)`);
    await queryRunner.query(`
      CREATE INDEX registration_view_page_idx ON registration_view (created_at DESC, id DESC)`);
    await queryRunner.query(`
      CREATE INDEX registration_view_slot_page_idx
        ON registration_view (event, time, created_at DESC, id DESC)`);
    await queryRunner.query(`
      CREATE INDEX registration_view_waiting_page_idx
        ON registration_view (waiting_list, created_at DESC, id DESC)`);
    // The page index answers everything the old one did.
    await queryRunner.query(`DROP INDEX registration_view_created_at_idx`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX registration_view_created_at_idx ON registration_view (created_at DESC)`,
    );
    await queryRunner.query(`DROP INDEX registration_view_waiting_page_idx`);
    await queryRunner.query(`DROP INDEX registration_view_slot_page_idx`);
    await queryRunner.query(`DROP INDEX registration_view_page_idx`);
    await queryRunner.query(`DROP INDEX registration_view_search_idx`);
    await queryRunner.query(`ALTER TABLE registration_view DROP COLUMN search_text`);
  }
}
