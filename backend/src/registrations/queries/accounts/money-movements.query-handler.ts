import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { MoneyMovement } from '../../domain/money';
import { allMoneyMovements } from './money-movement-reads';
import { MoneyMovementsQuery } from './money-movements.query';

@QueryHandler(MoneyMovementsQuery)
export class MoneyMovementsQueryHandler implements IQueryHandler<MoneyMovementsQuery> {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  execute(): Promise<MoneyMovement[]> {
    return allMoneyMovements(this.dataSource);
  }
}
