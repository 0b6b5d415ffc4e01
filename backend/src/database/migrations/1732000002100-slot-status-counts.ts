import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * slot_capacity counts every status of a slot's registrations, not only those with a place:
 * offered (also counted in held, as before), cancelled, released and refunded, moved by the same
 * fold and statement as the other counts. The Command Center reads its counts by status off
 * these instead of counting registration_view's rows on every page. Filled here from
 * registration_view as it stands; a rebuild fills them from the log.
 *
 * The search column gets a finer histogram (1,000 values, not 100): the planner estimates how
 * many rows a `LIKE '%…%'` matches from it, and with 100 values an email prefix shared by a few
 * hundred of 100,000 rows was estimated at 1%, so the page walked its keyset index through most
 * of the table instead of asking the trigram index.
 */
export class SlotStatusCounts1732000002100 implements MigrationInterface {
  name = 'SlotStatusCounts1732000002100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE slot_capacity
        ADD COLUMN offered integer NOT NULL DEFAULT 0 CHECK (offered >= 0),
        ADD COLUMN cancelled integer NOT NULL DEFAULT 0 CHECK (cancelled >= 0),
        ADD COLUMN released integer NOT NULL DEFAULT 0 CHECK (released >= 0),
        ADD COLUMN refunded integer NOT NULL DEFAULT 0 CHECK (refunded >= 0)`);
    await queryRunner.query(`
      WITH counts AS (
        SELECT event, time,
               count(*) FILTER (WHERE status = 'offered')::int AS offered,
               count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled,
               count(*) FILTER (WHERE status = 'released')::int AS released,
               count(*) FILTER (WHERE status = 'refunded')::int AS refunded
          FROM registration_view GROUP BY event, time
      ),
      moved AS (
        UPDATE slot_capacity AS current
           SET offered = counts.offered, cancelled = counts.cancelled,
               released = counts.released, refunded = counts.refunded
          FROM counts
         WHERE current.event = counts.event AND current.time = counts.time
        RETURNING current.event, current.time
      )
      INSERT INTO slot_capacity (event, time, seat_limit, offered, cancelled, released, refunded)
      SELECT event, time, 0, offered, cancelled, released, refunded FROM counts
       WHERE NOT EXISTS (SELECT 1 FROM moved WHERE moved.event = counts.event
                                               AND moved.time = counts.time)`);
    await queryRunner.query(
      'ALTER TABLE registration_view ALTER COLUMN search_text SET STATISTICS 1000',
    );
    await queryRunner.query('ANALYZE registration_view (search_text)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE registration_view ALTER COLUMN search_text SET STATISTICS -1',
    );
    await queryRunner.query(`
      ALTER TABLE slot_capacity
        DROP COLUMN offered, DROP COLUMN cancelled, DROP COLUMN released, DROP COLUMN refunded`);
  }
}
