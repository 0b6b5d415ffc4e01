import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operators you can trust with the keys.
 *
 * - admin_sessions.proved_at: when the session last proved who holds it (the sign-in itself, or
 *   a step-up with the passphrase or a code). Changing what signs an operator in asks for a proof
 *   of the last few minutes. Sessions open now were opened by a sign-in: their proof is then.
 * - admin_login_failures.account: the account a failure was made on (an operator's email,
 *   hashed, or the owner). A failure counts against its client network (client_address) and its
 *   account; a success clears only the failures made on its own account, so that one operator
 *   signing in no longer wipes the guesses made at another account from the same network. The
 *   rows of before carry no account: they are dropped (they lapse within 15 minutes anyway).
 * - operator_credentials.locale: the operator's language, for the emails that tell them a factor
 *   changed; that of their invitation to begin with.
 */
export class OperatorKeys1732000003400 implements MigrationInterface {
  name = 'OperatorKeys1732000003400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE admin_sessions ADD COLUMN proved_at timestamptz`);
    await queryRunner.query(`UPDATE admin_sessions SET proved_at = created_at`);
    await queryRunner.query(`DELETE FROM admin_login_failures`);
    await queryRunner.query(`ALTER TABLE admin_login_failures ADD COLUMN account text NOT NULL`);
    await queryRunner.query(
      `CREATE INDEX admin_login_failures_account_idx ON admin_login_failures (account, failed_at)`,
    );
    await queryRunner.query(`
      ALTER TABLE operator_credentials
        ADD COLUMN locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'it', 'ro'))`);
    await queryRunner.query(`
      UPDATE operator_credentials c SET locale = o.payload->>'locale'
        FROM outbox o
       WHERE o.operator_id = c.operator_id AND o.kind = 'operator-invitation'
         AND o.payload->>'locale' IN ('en', 'it', 'ro')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE operator_credentials DROP COLUMN locale`);
    await queryRunner.query(`DROP INDEX admin_login_failures_account_idx`);
    await queryRunner.query(`ALTER TABLE admin_login_failures DROP COLUMN account`);
    await queryRunner.query(`ALTER TABLE admin_sessions DROP COLUMN proved_at`);
  }
}
