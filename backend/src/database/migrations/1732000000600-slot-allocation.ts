import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What deciding new registrations in a slot depends on, in one place for the two ways the
 * decision is made (see slot-allocation-batcher.ts):
 * - lock_slot(): the slot's advisory lock, until the end of the transaction: everything that
 *   gives or takes seats in the slot takes it (RegistrationTransaction.lockSlot too);
 * - slot_allocation_state(): the slot's seat limit (null without a slot_capacity row), the
 *   seats taken (held, paid or confirmed) and which of the given email keys already have a live
 *   registration in the slot;
 * - lock_slot_if_unchanged(): takes the slot's lock and checks that the decisions made from an
 *   earlier slot_allocation_state() still hold: as many seats to give to as many candidates,
 *   and the same emails taken. If not, it raises serialization_failure (40001), which aborts
 *   the transaction before anything is written.
 */
export class SlotAllocation1732000000600 implements MigrationInterface {
  name = 'SlotAllocation1732000000600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION lock_slot(slot_event text, slot_time text) RETURNS void
      LANGUAGE sql VOLATILE AS $$
        SELECT pg_advisory_xact_lock(hashtextextended('slot:' || slot_event || ':' || slot_time, 0))
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION slot_allocation_state(slot_event text, slot_time text, email_keys text[])
      RETURNS TABLE (seat_limit integer, seats_taken integer, taken_email_keys text[])
      LANGUAGE sql STABLE AS $$
        SELECT capacity.seat_limit,
               capacity.held + capacity.paid + capacity.confirmed,
               ARRAY(SELECT DISTINCT live.email_key FROM registration_view AS live
                      WHERE live.event = slot_event AND live.time = slot_time
                        AND live.email_key = ANY(email_keys)
                        AND live.status NOT IN ('released', 'refunded')
                      ORDER BY live.email_key)
          FROM (SELECT 1) AS one
          LEFT JOIN slot_capacity AS capacity
            ON capacity.event = slot_event AND capacity.time = slot_time
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION lock_slot_if_unchanged(
        slot_event text, slot_time text, default_seat_limit integer, email_keys text[],
        candidates integer, seats_given integer, taken_email_keys text[])
      RETURNS void
      LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        state record;
      BEGIN
        PERFORM lock_slot(slot_event, slot_time);
        -- A statement of its own, so a snapshot taken after the lock: what the lock's last
        -- holder committed is seen.
        SELECT * INTO state FROM slot_allocation_state(slot_event, slot_time, email_keys);
        IF least(greatest(coalesce(state.seat_limit, default_seat_limit)
                          - coalesce(state.seats_taken, 0), 0), candidates) <> seats_given
           OR state.taken_email_keys
              <> ARRAY(SELECT DISTINCT k FROM unnest(taken_email_keys) AS k ORDER BY k)
        THEN
          RAISE EXCEPTION 'The slot % / % changed since it was read', slot_event, slot_time
            USING ERRCODE = 'serialization_failure';
        END IF;
      END
      $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP FUNCTION lock_slot_if_unchanged(text, text, integer, text[], integer, integer, text[])`,
    );
    await queryRunner.query(`DROP FUNCTION slot_allocation_state(text, text, text[])`);
    await queryRunner.query(`DROP FUNCTION lock_slot(text, text)`);
  }
}
