import { Client } from 'pg';

/**
 * The one thing the event store needs from a connection: run a statement with parameters.
 * A TypeORM EntityManager (inside or outside a transaction) and a pg client both fit.
 */
export interface SqlExecutor {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query(sql: string, parameters?: unknown[]): Promise<any>;
}

/**
 * A statement run often with the same text: node-postgres parses and plans it once per
 * connection under its name (a named query, `{ name, text, values }`) and only binds the values
 * after that, one round trip instead of a parse, a plan and a round trip.
 */
export interface NamedStatement {
  name: string;
  text: string;
  values: unknown[];
}

/** An executor that runs named statements itself (e.g. over a node-postgres pool). */
export interface NamedStatementExecutor extends SqlExecutor {
  queryNamed(statement: NamedStatement): Promise<unknown[]>;
}

/**
 * The node-postgres client a statement runs on: the executor itself when it is one (a client of
 * a pool included; not a pool, whose statements may each take another connection), or, for a
 * TypeORM EntityManager inside a transaction, the transaction's client (QueryRunner.connect()
 * answers it); undefined for anything else.
 */
export async function clientOf(sql: SqlExecutor): Promise<Client | undefined> {
  if (sql instanceof Client) return sql;
  const runner = (sql as { queryRunner?: { connect(): Promise<unknown>; isReleased?: boolean } })
    .queryRunner;
  if (runner && !runner.isReleased) return (await runner.connect()) as Client;
  return undefined;
}

/**
 * Runs a named statement: through the executor's own queryNamed, or on the node-postgres client
 * it stands for (clientOf: a client, or a TypeORM transaction's); anything else (a pool, an
 * EntityManager outside a transaction) runs it as an ordinary statement.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function queryNamed(sql: SqlExecutor, statement: NamedStatement): Promise<any[]> {
  const own = (sql as Partial<NamedStatementExecutor>).queryNamed;
  if (typeof own === 'function') return own.call(sql, statement);
  const client = await clientOf(sql);
  if (client) return (await client.query(statement)).rows;
  return sql.query(statement.text, statement.values) as Promise<unknown[]>;
}
