import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { DataSource } from 'typeorm';
import { migrations } from '../database/migrations';

/**
 * The two things a replica needs from PostgreSQL before it takes traffic, asked within the
 * same deadlines as every route's (DATABASE_CONNECT_TIMEOUT_MS, DATABASE_QUERY_TIMEOUT_MS), so
 * readiness fails when the routes would answer 503, and not otherwise.
 */
@Injectable()
export class DatabaseHealthIndicator {
  constructor(
    private readonly dataSource: DataSource,
    private readonly health: HealthIndicatorService,
  ) {}

  async reachable() {
    const indicator = this.health.check('database');
    try {
      await this.dataSource.query('SELECT 1');
      return indicator.up();
    } catch (error) {
      return indicator.down({ message: (error as Error).message || 'unreachable' });
    }
  }

  async migrationsApplied() {
    const indicator = this.health.check('migrations');
    const expected = migrations.map((migration) => migration.name);
    try {
      const rows: { name: string }[] = await this.dataSource.query('SELECT name FROM migrations');
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
