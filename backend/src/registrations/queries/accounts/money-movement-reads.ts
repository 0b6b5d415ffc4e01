import type { SqlExecutor } from '../../../event-store/sql-executor';
import type { MoneyMovement } from '../../domain/money';
import { movementOfRow, type MoneyMovementRow } from '../../projections/money-fold';

/** Every payment and refund, in the log's order (the order they happened in). */
export async function allMoneyMovements(sql: SqlExecutor): Promise<MoneyMovement[]> {
  const rows: MoneyMovementRow[] = await sql.query(
    'SELECT * FROM money_movements ORDER BY position, kind',
  );
  return rows.map(movementOfRow);
}
