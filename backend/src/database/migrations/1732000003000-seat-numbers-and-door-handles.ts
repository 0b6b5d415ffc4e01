import type { MigrationInterface, QueryRunner } from 'typeorm';
/** What the statements run on: a migration's query runner, or a test's data source. */
interface SqlExecutor {
  query(text: string, parameters?: unknown[]): Promise<unknown>;
}

/**
 * Seat numbers become facts: registration_view keeps each seated person's number as the fold of
 * SeatNumbered leaves it. A log written before numbers were recorded gets them here, once, as
 * facts of its own: each registration seated now (paid or confirmed, the statuses that held a
 * ticket when this was written) is given the number it was shown until today, its place in its
 * slot by (created_at, id), so a door list or a performers' sheet printed before the upgrade
 * stays right. The events are appended like any other (the next version of each stream, the
 * system as actor) and the rows moved to them, so a rebuild folds the very same numbers.
 *
 * And the door's handles: registration_view keeps each registration's door handle (doorHandleOf,
 * written by the fold), so the door finds a person by it; the rows already there get theirs here,
 * by the same derivation in SQL (a test holds the two equal).
 */
export class SeatNumbersAndDoorHandles1732000003000 implements MigrationInterface {
  name = 'SeatNumbersAndDoorHandles1732000003000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE registration_view
        ADD COLUMN seat_number integer,
        ADD COLUMN door_handle text`);
    await giveDoorHandles(queryRunner);
    await queryRunner.query(
      `CREATE UNIQUE INDEX registration_view_door_handle ON registration_view (door_handle)`,
    );
    await recordSeatNumbersOfAnOldLog(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The SeatNumbered facts stay in the log (it is append-only); only the columns go.
    await queryRunner.query(`
      ALTER TABLE registration_view
        DROP COLUMN door_handle,
        DROP COLUMN seat_number`);
  }
}

/** Each row without one gets its door handle: doorHandleOf() in SQL (a test holds them equal). */
export async function giveDoorHandles(sql: SqlExecutor): Promise<void> {
  await sql.query(`
    UPDATE registration_view
       SET door_handle = translate(rtrim(encode(substring(
             sha256(convert_to('dream-darkroom door handle:' || id::text, 'UTF8')) FROM 1 FOR 16),
             'base64'), '='), '+/', '-_')
     WHERE door_handle IS NULL`);
}

/**
 * A log from before seat numbers were facts: each seated registration without a number gets the
 * one it was shown, its place among its slot's seated by (created_at, id), recorded as
 * SeatNumbered (the next version of its stream, the system as actor), and its row moved to that
 * event as the fold would leave it (number, version, position, time), so a rebuild gives the same.
 */
export async function recordSeatNumbersOfAnOldLog(sql: SqlExecutor): Promise<void> {
  await sql.query(`
    WITH numbered AS (
      SELECT id, row_number() OVER (PARTITION BY event, time ORDER BY created_at, id) AS seat
        FROM registration_view
       WHERE status IN ('paid', 'confirmed') AND seat_number IS NULL),
    appended AS (
      INSERT INTO events (stream_id, stream_version, type, data, metadata)
      SELECT 'registration-' || n.id,
             (SELECT max(e.stream_version) FROM events e
               WHERE e.stream_id = 'registration-' || n.id) + 1,
             'SeatNumbered',
             jsonb_build_object('registrationId', n.id, 'seat', n.seat),
             jsonb_build_object('actor', 'system', 'reason', 'seat-numbers-recorded')
        FROM numbered n
      RETURNING stream_id, stream_version, global_position, recorded_at,
                (data->>'seat')::integer AS seat)
    UPDATE registration_view v
       SET seat_number = a.seat, version = a.stream_version,
           last_position = a.global_position, updated_at = a.recorded_at
      FROM appended a
     WHERE a.stream_id = 'registration-' || v.id`);
}
