import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The accounts of the tour: money_movements, one row per payment received and per refund, folded
 * from the log (the registrations' money facts and the sellers' ReceiptIssued) like every read
 * model, and the same after a rebuild. Amounts in each movement's own currency, in its minor
 * unit; the provider's ids where the facts carry them; the receipt's number once given.
 */
export class MoneyMovements1732000003800 implements MigrationInterface {
  name = 'MoneyMovements1732000003800';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE money_movements (
        key text PRIMARY KEY,
        registration_id uuid NOT NULL,
        event text NOT NULL,
        time text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('payment', 'refund')),
        amount_minor integer NOT NULL,
        currency text NOT NULL,
        state text NOT NULL CHECK (state IN ('received', 'in-flight', 'refunded')),
        reason text,
        occurred_at timestamptz NOT NULL,
        settled_at timestamptz,
        receipt_number integer,
        reverses_receipt integer,
        payment_intent_id text,
        session_id text,
        charge_id text,
        refund_id text,
        balance_transaction_id text,
        fee_minor integer,
        position bigint NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX money_movements_registration_idx ON money_movements (registration_id)`,
    );
    await queryRunner.query(
      `CREATE INDEX money_movements_slot_idx ON money_movements (event, time, currency)`,
    );
    await queryRunner.query(
      `CREATE INDEX money_movements_position_idx ON money_movements (position)`,
    );
    // A payment by its intent, whichever registration holds its seat now (a booking handed on).
    await queryRunner.query(
      `CREATE INDEX money_movements_payment_intent_idx ON money_movements (payment_intent_id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE money_movements`);
  }
}
