import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { DataSource } from 'typeorm';
import { migrations } from '../database/migrations';

const DATABASE_TIMEOUT_MS = 3000;

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The two things a replica needs from PostgreSQL before it takes traffic. */
@Injectable()
export class DatabaseHealthIndicator {
  constructor(
    private readonly dataSource: DataSource,
    private readonly health: HealthIndicatorService,
  ) {}

  async reachable() {
    const indicator = this.health.check('database');
    try {
      await withTimeout(this.dataSource.query('SELECT 1'), DATABASE_TIMEOUT_MS, 'PostgreSQL');
      return indicator.up();
    } catch (error) {
      return indicator.down({ message: (error as Error).message || 'unreachable' });
    }
  }

  async migrationsApplied() {
    const indicator = this.health.check('migrations');
    const expected = migrations.map((migration) => migration.name);
    try {
      const rows = await withTimeout<{ name: string }[]>(
        this.dataSource.query('SELECT name FROM migrations'),
        DATABASE_TIMEOUT_MS,
        'PostgreSQL',
      );
      const applied = new Set(rows.map((row) => row.name));
      const pending = expected.filter((name) => !applied.has(name));
      if (pending.length > 0) {
        return indicator.down({ message: `pending: ${pending.join(', ')}`, pending });
      }
      return indicator.up({ applied: expected.length });
    } catch (error) {
      return indicator.down({ message: (error as Error).message || 'cannot read migrations' });
    }
  }
}
