import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Command Center's search lower-cases by Unicode's rules (ICU's root collation) whatever the
 * database's locale: under the C locale `lower()` left 'Ș' or 'Â' as they were, so 'ȘTEFAN' did
 * not find 'Ștefan' while the browser's toLowerCase() of the search said it should. The
 * generated column is written again with its index (a column's expression can only be changed
 * in place from PostgreSQL 17).
 */
export class SearchUnicodeCase1732000000801 implements MigrationInterface {
  name = 'SearchUnicodeCase1732000000801';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE registration_view DROP COLUMN search_text`);
    await queryRunner.query(`
      ALTER TABLE registration_view ADD COLUMN search_text text GENERATED ALWAYS AS (
        lower((coalesce(name, '') || E'\\n' || coalesce(email, '') || E'\\n' ||
               coalesce(whatsapp, '')) COLLATE "und-x-icu")
        || E'\\n' || regexp_replace(coalesce(whatsapp, ''), '[^0-9]', '', 'g')
      ) STORED`);
    await queryRunner.query(`
      CREATE INDEX registration_view_search_idx ON registration_view
        USING gin (search_text gin_trgm_ops)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE registration_view DROP COLUMN search_text`);
    await queryRunner.query(`
      ALTER TABLE registration_view ADD COLUMN search_text text GENERATED ALWAYS AS (
        lower(coalesce(name, '')) || E'\\n' || lower(coalesce(email, '')) || E'\\n' ||
        lower(coalesce(whatsapp, '')) || E'\\n' || regexp_replace(coalesce(whatsapp, ''), '[^0-9]', '', 'g')
      ) STORED`);
    await queryRunner.query(`
      CREATE INDEX registration_view_search_idx ON registration_view
        USING gin (search_text gin_trgm_ops)`);
  }
}
