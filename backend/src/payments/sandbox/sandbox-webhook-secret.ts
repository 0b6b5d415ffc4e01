import { randomBytes } from 'node:crypto';
import type { SqlExecutor } from '../../event-store/sql-executor';

const SETTING = 'sandbox_webhook_secret';

/**
 * The secret the sandbox signs its webhook deliveries with. Every app process behind one proxy
 * must use the same one, so unless SANDBOX_WEBHOOK_SECRET gives it, the first process to ask
 * creates it in the database and every other process reads that row.
 */
export async function sandboxWebhookSecret(sql: SqlExecutor): Promise<string> {
  await sql.query(
    `INSERT INTO app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`,
    [SETTING, `whsec_sandbox_${randomBytes(24).toString('base64url')}`],
  );
  const rows: { value: string }[] = await sql.query(
    'SELECT value FROM app_settings WHERE key = $1',
    [SETTING],
  );
  return rows[0].value;
}
