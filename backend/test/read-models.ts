import type { DataSource } from 'typeorm';

/** Every row of the registration read models, in a stable order, for comparison. */
export async function snapshotReadModels(dataSource: DataSource): Promise<unknown> {
  return {
    registrations: await dataSource.query('SELECT * FROM registration_view ORDER BY id'),
    capacity: await dataSource.query('SELECT * FROM slot_capacity ORDER BY event, time'),
  };
}
