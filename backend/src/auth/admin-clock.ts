import { Injectable } from '@nestjs/common';
import type { SqlExecutor } from '../event-store/sql-executor';

/**
 * The time as the admin code sees it: session expiry and the login throttle's window. It is
 * the database server's clock, so every app process agrees on it whatever its own host's
 * clock says; the offset lets a test move it forward instead of waiting hours.
 */
@Injectable()
export class AdminClock {
  private offsetMs = 0;

  /** The database's time plus this process's offset. */
  async now(sql: SqlExecutor): Promise<Date> {
    const [row] = (await sql.query(
      `SELECT clock_timestamp() + $1 * interval '1 millisecond' AS now`,
      [this.offsetMs],
    )) as { now: Date }[];
    return row.now;
  }

  /** This process's offset from the database's clock, in milliseconds (0 outside tests). */
  get offsetMilliseconds(): number {
    return this.offsetMs;
  }

  /** Moves this process's admin clock forward (tests only). */
  advance(milliseconds: number): void {
    this.offsetMs += milliseconds;
  }
}
