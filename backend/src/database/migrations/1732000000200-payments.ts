import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payments:
 * - processed_provider_events: each payment provider event id, recorded once, in the same
 *   transaction as the facts it caused, so a replayed webhook changes nothing;
 * - app_settings: values every app process must share (the sandbox's webhook secret);
 * - sandbox_checkout_sessions: the sandbox's own stand-in for Stripe's checkout sessions.
 */
export class Payments1732000000200 implements MigrationInterface {
  name = 'Payments1732000000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE processed_provider_events (
        provider_event_id text PRIMARY KEY,
        type text NOT NULL,
        registration_id uuid,
        outcome text NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE app_settings (
        key text PRIMARY KEY,
        value text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE sandbox_checkout_sessions (
        id text PRIMARY KEY,
        registration_id uuid NOT NULL,
        description text NOT NULL,
        locale text NOT NULL,
        amount_minor integer NOT NULL,
        currency text NOT NULL,
        success_url text NOT NULL,
        cancel_url text NOT NULL,
        expires_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired')),
        payment_intent_id text,
        refunded_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX sandbox_checkout_sessions_registration_idx
         ON sandbox_checkout_sessions (registration_id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE sandbox_checkout_sessions`);
    await queryRunner.query(`DROP TABLE app_settings`);
    await queryRunner.query(`DROP TABLE processed_provider_events`);
  }
}
