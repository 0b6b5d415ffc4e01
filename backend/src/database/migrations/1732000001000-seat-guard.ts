import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The seat rule as it stood when this migration was written (the domain's occupiesSeat() and
 * keepsPlace()), copied so that the migration stays what it was when the domain moves on.
 */
const SEAT_STATUSES: readonly string[] = ['held', 'offered', 'paid', 'confirmed'];
const occupiesSeat = (status: string): boolean => SEAT_STATUSES.includes(status);
const keepsPlace = (status: string): boolean => status === 'waiting' || occupiesSeat(status);

/**
 * One write path for seats. The seat rule lives in the domain only; the database guards its
 * result instead of re-deriving it:
 * - the functions that re-decided seat allocations in SQL (lock_slot_if_unchanged(),
 *   slot_allocation_state(), lock_slot()) go;
 * - slot_capacity carries seats_taken, counted by the projection with the domain's
 *   occupiesSeat(), and CHECK (seats_taken <= seat_limit) refuses any oversell, from any path;
 * - registration_view.email_key is kept only while a registration keeps its place (the domain's
 *   keepsPlace()), so "one place per email and slot" is a plain unique index.
 * The existing rows are brought in line with the domain's rule as it stood then (copied above:
 * a migration is frozen, it imports no live code).
 */
export class SeatGuard1732000001000 implements MigrationInterface {
  name = 'SeatGuard1732000001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP FUNCTION IF EXISTS lock_slot_if_unchanged(text, text, integer, text[], integer, integer, text[])`,
    );
    await queryRunner.query(`DROP FUNCTION IF EXISTS slot_allocation_state(text, text, text[])`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS lock_slot(text, text)`);

    await queryRunner.query(
      `ALTER TABLE slot_capacity ADD COLUMN seats_taken integer NOT NULL DEFAULT 0
         CHECK (seats_taken >= 0)`,
    );
    const counts: { event: string; time: string; status: string; count: number }[] =
      await queryRunner.query(
        `SELECT event, time, status, count(*)::int AS count FROM registration_view
          GROUP BY event, time, status`,
      );
    const seated = counts.filter((row) => occupiesSeat(row.status));
    if (seated.length > 0) {
      await queryRunner.query(
        `UPDATE slot_capacity SET seats_taken = taken.seats
           FROM (SELECT event, time, sum(count)::int AS seats
                   FROM unnest($1::text[], $2::text[], $3::int[]) AS seated(event, time, count)
                  GROUP BY event, time) AS taken
          WHERE slot_capacity.event = taken.event AND slot_capacity.time = taken.time`,
        [
          seated.map((row) => row.event),
          seated.map((row) => row.time),
          seated.map((row) => row.count),
        ],
      );
    }
    // Rows of slots that left the tour were written with no seats of their own: they keep the
    // seats they gave, so the guard holds for them too.
    await queryRunner.query(
      `UPDATE slot_capacity SET seat_limit = seats_taken WHERE seats_taken > seat_limit`,
    );
    await queryRunner.query(
      `ALTER TABLE slot_capacity ADD CONSTRAINT slot_capacity_no_oversell
         CHECK (seats_taken <= seat_limit)`,
    );

    const placesGivenUp = counts.filter((row) => !keepsPlace(row.status)).map((row) => row.status);
    await queryRunner.query(`DROP INDEX registration_view_one_per_email_and_slot`);
    if (placesGivenUp.length > 0) {
      await queryRunner.query(
        `UPDATE registration_view SET email_key = NULL WHERE status = ANY($1::text[])`,
        [[...new Set(placesGivenUp)]],
      );
    }
    await queryRunner.query(`
      CREATE UNIQUE INDEX registration_view_one_place_per_email_and_slot
        ON registration_view (event, time, email_key)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX registration_view_one_place_per_email_and_slot`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX registration_view_one_per_email_and_slot
        ON registration_view (event, time, email_key)
        WHERE status NOT IN ('released', 'refunded')`);
    await queryRunner.query(`ALTER TABLE slot_capacity DROP CONSTRAINT slot_capacity_no_oversell`);
    await queryRunner.query(`ALTER TABLE slot_capacity DROP COLUMN seats_taken`);
  }
}
