import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { adminRequest, login, register } from '../admin/admin-client';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { waitFor } from '../wait-for';
import { catalogueWithSeats } from '../test-tour';

describe('waiting-list offers with the workers on (WORKERS=true)', () => {
  let app: TestApp | undefined;
  let dataDir: string;

  const opened = appsOnOwnDatabase([]);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'offers-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('offers a seat as soon as a cancellation frees it (the capacity change wakes the worker), and emails the offer', async () => {
    app = await opened.start({
      env: { WORKERS: 'true', DATA_DIR: dataDir },
      catalogue: catalogueWithSeats(1),
    });
    const seated = await register(app.url, { email: 'seated@example.com' });
    const waiting = await register(app.url, { email: 'waiting@example.com', locale: 'it' });
    expect(waiting.waitingList).toBe(true);
    const cookie = await login(app.url);
    const cancelled = await adminRequest(
      app.url,
      cookie,
      'POST',
      `/api/admin/registrations/${seated.id}/cancel`,
      { refund: false },
    );
    expect(cancelled.status).toBe(200);

    const status = await waitFor(async () => {
      const [row] = await app!.dataSource.query(
        `SELECT status FROM registration_view WHERE id = $1 AND status = 'offered'`,
        [waiting.id],
      );
      return row?.status as string | undefined;
    }, 10_000);
    expect(status).toBe('offered');

    // Its email leaves through the outbox worker, as an .eml file here (no SMTP_URL).
    const sent = await waitFor(async () => {
      const [row] = await app!.dataSource.query(
        `SELECT id FROM outbox
          WHERE registration_id = $1 AND kind = 'waiting-list-offer' AND sent_at IS NOT NULL`,
        [waiting.id],
      );
      return row as { id: string } | undefined;
    }, 10_000);
    expect(sent).toBeDefined();
    const files = await readdir(path.join(dataDir, 'outbox'));
    const offerFile = files.find((name) => name.includes(`outbox-${sent.id}.`));
    expect(offerFile).toBeDefined();
    const eml = await readFile(path.join(dataDir, 'outbox', offerFile!), 'utf8');
    expect(eml).toMatch(/^To: .*waiting@example\.com/m);
  });
});
