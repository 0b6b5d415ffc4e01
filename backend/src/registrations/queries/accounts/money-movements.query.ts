import { Query } from '@nestjs/cqrs';
import type { MoneyMovement } from '../../domain/money';

/** Every payment and refund, in the order they happened (the accounts' CSV). */
export class MoneyMovementsQuery extends Query<MoneyMovement[]> {}
