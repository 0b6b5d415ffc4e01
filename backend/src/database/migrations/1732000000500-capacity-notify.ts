import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every statement that changes slot_capacity (the live projection, a rebuild's TRUNCATE and
 * bulk insert, the seat limits synced at boot, a hand-made fix) sends NOTIFY
 * slot_capacity_changed. PostgreSQL delivers it only when the transaction commits, and folds
 * identical notifications of one transaction into one, so each process can drop its cached
 * capacity answer as soon as a change is visible, and never for a change rolled back.
 */
export class CapacityNotify1732000000500 implements MigrationInterface {
  name = 'CapacityNotify1732000000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION notify_slot_capacity_changed() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('slot_capacity_changed', '');
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER slot_capacity_changed
      AFTER INSERT OR UPDATE OR DELETE ON slot_capacity
      FOR EACH STATEMENT EXECUTE FUNCTION notify_slot_capacity_changed()`);
    await queryRunner.query(`
      CREATE TRIGGER slot_capacity_truncated
      AFTER TRUNCATE ON slot_capacity
      FOR EACH STATEMENT EXECUTE FUNCTION notify_slot_capacity_changed()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER slot_capacity_truncated ON slot_capacity`);
    await queryRunner.query(`DROP TRIGGER slot_capacity_changed ON slot_capacity`);
    await queryRunner.query(`DROP FUNCTION notify_slot_capacity_changed()`);
  }
}
