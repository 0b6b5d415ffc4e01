import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/config';
import { rotateTicketKey } from '../day-of-show/tickets/ticket-keys';
import { withDatabase } from './with-database';

/**
 * `make rotate-ticket-key`: a new ticket signing key, kept in the database, becomes the current
 * one; the older keys stay published and valid, so the tickets already sent still open the door.
 * Running servers sign with the new key within a minute.
 */
async function main(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD || 'unused-by-this-command',
  });
  await withDatabase(config, async (dataSource) => {
    const keyId = await rotateTicketKey(dataSource);
    console.log(`New ticket signing key ${keyId} is the current one; older keys stay valid.`);
    if (config.ticketSigningKey) {
      console.log(
        'TICKET_SIGNING_KEY is set: it still signs new tickets until it is unset or replaced.',
      );
    }
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
