import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tour's read model, projected from its streams (the tour's own and one per tour event) in
 * the transaction of each append, like the registrations': the tour's currency, its events and
 * their slots. The catalogue of every process is read from these tables; every statement that
 * changes them sends NOTIFY tour_changed (delivered on COMMIT), so each process reloads its
 * catalogue as soon as a change is visible. The seat limits stay in slot_capacity, written by
 * the same fold, under its CHECK.
 */
export class TourReadModel1732000001200 implements MigrationInterface {
  name = 'TourReadModel1732000001200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE tour_view (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        currency text NOT NULL,
        last_position bigint NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE tour_event_view (
        slug text PRIMARY KEY,
        city text NOT NULL,
        venue text NOT NULL,
        localised jsonb NOT NULL,
        date text NOT NULL,
        time_zone text NOT NULL,
        status text NOT NULL,
        price_minor integer NOT NULL,
        automatic_offers boolean NOT NULL,
        announced_position bigint NOT NULL,
        version integer NOT NULL,
        last_position bigint NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE tour_slot_view (
        event text NOT NULL REFERENCES tour_event_view (slug),
        time text NOT NULL,
        starts_at text NOT NULL,
        status text NOT NULL,
        capacity integer NOT NULL,
        added_position bigint NOT NULL,
        PRIMARY KEY (event, time)
      )`);
    await queryRunner.query(`
      CREATE FUNCTION notify_tour_changed() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('tour_changed', '');
        RETURN NULL;
      END
      $$`);
    for (const table of ['tour_view', 'tour_event_view', 'tour_slot_view']) {
      await queryRunner.query(`
        CREATE TRIGGER ${table}_changed
        AFTER INSERT OR UPDATE OR DELETE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION notify_tour_changed()`);
      await queryRunner.query(`
        CREATE TRIGGER ${table}_truncated
        AFTER TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION notify_tour_changed()`);
    }
    // The history of the tour reads its streams newest first.
    await queryRunner.query(`
      CREATE INDEX events_tour_streams ON events (global_position)
        WHERE stream_id = 'tour' OR stream_id LIKE 'tour-event-%'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX events_tour_streams`);
    await queryRunner.query(`DROP TABLE tour_slot_view`);
    await queryRunner.query(`DROP TABLE tour_event_view`);
    await queryRunner.query(`DROP TABLE tour_view`);
    await queryRunner.query(`DROP FUNCTION notify_tour_changed()`);
  }
}
