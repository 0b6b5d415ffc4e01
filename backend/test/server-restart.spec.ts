import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { registrationBody, request } from './http';
import { startServerProcess } from './server-process';

describe('the server on its embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ticketing-restart-'));

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps registrations across a restart and stops cleanly on SIGTERM', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const first = await startServerProcess(env);
    const created = await request<{ registrationId: string }>(
      first.url,
      'POST',
      '/api/create-checkout-session',
      registrationBody({ email: 'restart@example.com' }),
    );
    expect(created.status).toBe(200);
    expect(await first.stop('SIGTERM')).toBe(0);

    const second = await startServerProcess(env);
    try {
      const registration = await request(
        second.url,
        'GET',
        `/api/registrations/${created.body.registrationId}`,
      );
      expect(registration.status).toBe(200);
      expect(registration.body.email).toBe('restart@example.com');
      const again = await request(
        second.url,
        'POST',
        '/api/create-checkout-session',
        registrationBody({ email: 'restart@example.com' }),
      );
      // The same person again finds their registration: its seat is held, so its payment.
      expect(again.status).toBe(200);
      expect(again.body.registrationId).toBe(created.body.registrationId);
    } finally {
      expect(await second.stop('SIGINT')).toBe(0);
    }
  });

  it('stops the boot with one line naming a bad variable', async () => {
    await expect(startServerProcess({ DATA_DIR: dataDir, PORT: 'eighty' })).rejects.toThrow(
      /Invalid configuration: PORT must be a whole number from 0 to 65535 \(got "eighty"\)/,
    );
  });
});
