import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A move's difference of price. registration_view keeps what a seat's payments hold now
 * (net_paid_minor, net_paid_currency: paid through the provider, less what went back) and the
 * move waiting for its difference (move_*: the target slot, the amount, until when its seat is
 * held, its payment page), for the pages and for the sweeper that releases a lapsed one.
 * sandbox_refunds: the sandbox's refunds, each its own (a payment may be refunded in parts), by
 * the idempotency key it was asked with, as Stripe keeps them; a sandbox page's purpose (a
 * move's difference, not the seat). Rows written before this migration
 * get their new columns from `make rebuild-projections`.
 */
export class MovePriceDifference1732000003900 implements MigrationInterface {
  name = 'MovePriceDifference1732000003900';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE registration_view
        ADD COLUMN net_paid_minor integer,
        ADD COLUMN net_paid_currency text,
        ADD COLUMN move_event text,
        ADD COLUMN move_time text,
        ADD COLUMN move_amount_minor integer,
        ADD COLUMN move_currency text,
        ADD COLUMN move_expires_at timestamptz,
        ADD COLUMN move_session_id text`);
    await queryRunner.query(
      `CREATE INDEX registration_view_move_holds_idx ON registration_view (move_expires_at)
        WHERE move_expires_at IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE sandbox_refunds (
        id text PRIMARY KEY,
        payment_intent_id text NOT NULL,
        amount_minor integer NOT NULL CHECK (amount_minor > 0),
        idempotency_key text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX sandbox_refunds_payment_idx ON sandbox_refunds (payment_intent_id, created_at)`,
    );
    await queryRunner.query(`ALTER TABLE sandbox_checkout_sessions ADD COLUMN purpose text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sandbox_checkout_sessions DROP COLUMN purpose`);
    await queryRunner.query(`DROP TABLE sandbox_refunds`);
    await queryRunner.query(`DROP INDEX registration_view_move_holds_idx`);
    await queryRunner.query(`
      ALTER TABLE registration_view
        DROP COLUMN net_paid_minor,
        DROP COLUMN net_paid_currency,
        DROP COLUMN move_event,
        DROP COLUMN move_time,
        DROP COLUMN move_amount_minor,
        DROP COLUMN move_currency,
        DROP COLUMN move_expires_at,
        DROP COLUMN move_session_id`);
  }
}
