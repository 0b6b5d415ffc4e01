import type { DataSource } from 'typeorm';

/** Every row of the registration, tour and operator read models, in a stable order, for comparison. */
export async function snapshotReadModels(dataSource: DataSource): Promise<unknown> {
  return {
    registrations: await dataSource.query('SELECT * FROM registration_view ORDER BY id'),
    capacity: await dataSource.query('SELECT * FROM slot_capacity ORDER BY event, time'),
    tour: await dataSource.query('SELECT * FROM tour_view'),
    tourEvents: await dataSource.query('SELECT * FROM tour_event_view ORDER BY slug'),
    tourSlots: await dataSource.query('SELECT * FROM tour_slot_view ORDER BY event, time'),
    operators: await dataSource.query('SELECT * FROM operator_view ORDER BY number'),
  };
}
