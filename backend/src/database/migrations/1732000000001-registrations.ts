import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The registration read models, projected from the events in the same transaction that
 * appends them, and the per-registration keys that encrypt personal data in the events.
 */
export class Registrations1732000000001 implements MigrationInterface {
  name = 'Registrations1732000000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE personal_data_keys (
        stream_id text PRIMARY KEY,
        key bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE registration_view (
        id uuid PRIMARY KEY,
        event text NOT NULL,
        time text NOT NULL,
        name text,
        email text,
        email_key text,
        whatsapp text,
        dream text,
        locale text NOT NULL,
        status text NOT NULL,
        waiting_list boolean NOT NULL,
        paid boolean NOT NULL DEFAULT false,
        dreamed_captured boolean NOT NULL DEFAULT false,
        hold_expires_at timestamptz,
        checkout_session_id text,
        stripe_session_id text UNIQUE,
        shared_dreams integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        version integer NOT NULL,
        last_position bigint NOT NULL
      )`);
    // One live registration per email and slot; a released hold does not count.
    await queryRunner.query(`
      CREATE UNIQUE INDEX registration_view_one_per_email_and_slot
        ON registration_view (event, time, email_key)
        WHERE status NOT IN ('released', 'refunded')`);
    await queryRunner.query(
      `CREATE INDEX registration_view_created_at_idx ON registration_view (created_at DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX registration_view_live_holds_idx ON registration_view (hold_expires_at)
        WHERE status = 'held'`,
    );
    await queryRunner.query(
      `CREATE INDEX registration_view_checkout_session_idx ON registration_view (checkout_session_id)`,
    );
    await queryRunner.query(`
      CREATE TABLE slot_capacity (
        event text NOT NULL,
        time text NOT NULL,
        seat_limit integer NOT NULL CHECK (seat_limit >= 0),
        held integer NOT NULL DEFAULT 0 CHECK (held >= 0),
        paid integer NOT NULL DEFAULT 0 CHECK (paid >= 0),
        confirmed integer NOT NULL DEFAULT 0 CHECK (confirmed >= 0),
        waiting_list integer NOT NULL DEFAULT 0 CHECK (waiting_list >= 0),
        PRIMARY KEY (event, time)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE slot_capacity`);
    await queryRunner.query(`DROP TABLE registration_view`);
    await queryRunner.query(`DROP TABLE personal_data_keys`);
  }
}
