import { createDataSource } from '../../src/database/data-source';
import { SlotStatusCounts1732000002100 } from '../../src/database/migrations/1732000002100-slot-status-counts';
import { statusCountsOfSlots } from '../../src/registrations/projections/read-model-fold';
import { readSlotSeats } from '../../src/seat-ledger/slot-seats';
import { EXISTING_REGISTRATION_STATUSES } from '../../src/registrations/domain/registration';
import { databaseOfItsOwn, type TestDatabase } from '../test-database';

/**
 * The migration that gave slot_capacity a count of every status fills them from
 * registration_view as it stands: on a database that had registrations in every status (one
 * slot the tour no longer has among them), the counts read back by status are the rows' own.
 */
describe('slot_capacity counts of every status, filled by their migration', () => {
  let database: TestDatabase;

  const opened = databaseOfItsOwn();

  beforeAll(() => {
    database = opened.database;
  });

  it('counts by status what count(*) over registration_view counts, slot by slot', async () => {
    const dataSource = createDataSource(database.url, { poolSize: 1 });
    await dataSource.initialize();
    try {
      const migration = new SlotStatusCounts1732000002100();
      const runner = dataSource.createQueryRunner();
      await migration.down(runner);
      // Rows straight into the read models, as the fold before the migration left them: held
      // counts holds and offers alike; the other statuses had no count.
      const rows: [string, string, number][] = [
        ['Dec 1 - 7:00pm', 'held', 2],
        ['Dec 1 - 7:00pm', 'offered', 1],
        ['Dec 1 - 7:00pm', 'paid', 3],
        ['Dec 1 - 7:00pm', 'cancelled', 2],
        ['Dec 1 - 7:00pm', 'refunded', 1],
        ['Dec 1 - 9:00pm', 'waiting', 4],
        ['Dec 1 - 9:00pm', 'confirmed', 1],
        ['Dec 1 - 9:00pm', 'released', 3],
        ['Gone - 5:00pm', 'released', 2],
      ];
      let position = 0;
      for (const [time, status, count] of rows) {
        for (let index = 0; index < count; index += 1) {
          position += 1;
          await runner.query(
            `INSERT INTO registration_view (id, event, time, name, email, email_key, whatsapp,
               locale, status, waiting_list, created_at, updated_at, version, last_position)
             VALUES (gen_random_uuid(), 'bucharest', $1, 'Visitor', $2, $2, '+40 700000000',
               'en', $3, $3 = 'waiting', now(), now(), 1, $4)`,
            [time, `v${position}@example.org`, status, position],
          );
        }
      }
      await runner.query(
        `INSERT INTO slot_capacity (event, time, seat_limit, held, paid, confirmed, waiting_list,
           seats_taken)
         VALUES ('bucharest', 'Dec 1 - 7:00pm', 20, 3, 3, 0, 0, 6),
                ('bucharest', 'Dec 1 - 9:00pm', 20, 0, 0, 1, 4, 1)`,
      );
      await migration.up(runner);
      await runner.release();

      const counted = (await dataSource.query(
        `SELECT event, time, status, count(*)::int AS count FROM registration_view
          GROUP BY event, time, status`,
      )) as { event: string; time: string; status: string; count: number }[];
      const slots = await readSlotSeats(dataSource);
      expect(slots.map((slot) => slot.time)).toEqual([
        'Dec 1 - 7:00pm',
        'Dec 1 - 9:00pm',
        'Gone - 5:00pm',
      ]);
      for (const slot of slots) {
        const expected = Object.fromEntries(
          EXISTING_REGISTRATION_STATUSES.flatMap((status) => {
            const row = counted.find(
              (candidate) => candidate.time === slot.time && candidate.status === status,
            );
            return row ? [[status, row.count]] : [];
          }),
        );
        expect(Object.fromEntries(statusCountsOfSlots([slot]))).toEqual(expected);
      }
      expect(
        (
          await dataSource.query(
            `SELECT attstattarget FROM pg_attribute
              WHERE attrelid = 'registration_view'::regclass AND attname = 'search_text'`,
          )
        )[0].attstattarget,
      ).toBe(1000);
    } finally {
      await dataSource.destroy();
    }
  });
});
