/**
 * The one thing the event store needs from a connection: run a statement with parameters.
 * A TypeORM EntityManager (inside or outside a transaction) and a pg client both fit.
 */
export interface SqlExecutor {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query(sql: string, parameters?: unknown[]): Promise<any>;
}
