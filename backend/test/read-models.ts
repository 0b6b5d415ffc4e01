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
    money: await dataSource.query('SELECT * FROM money_movements ORDER BY key'),
  };
}

/** An event as the store holds it (a row of `events`). */
export interface StoredEventRow {
  global_position: string;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

/**
 * The events of one stream in the order it recorded them (only those of `type` when given), as
 * rows of `events`; `Row` names the fields a test reads.
 */
export async function storedEvents<Row extends object = StoredEventRow>(
  dataSource: { query(sql: string, parameters: unknown[]): Promise<unknown> },
  streamId: string,
  type?: string,
): Promise<Row[]> {
  return (await dataSource.query(
    `SELECT global_position, type, data, metadata FROM events
      WHERE stream_id = $1 AND ($2::text IS NULL OR type = $2) ORDER BY stream_version`,
    [streamId, type ?? null],
  )) as Row[];
}
