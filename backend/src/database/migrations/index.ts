import { EventStore1732000000000 } from './1732000000000-event-store';
import { Registrations1732000000001 } from './1732000000001-registrations';
import { Outbox1732000000100 } from './1732000000100-outbox';
import { Payments1732000000200 } from './1732000000200-payments';
import { Admin1732000000300 } from './1732000000300-admin';
import { RateLimits1732000000400 } from './1732000000400-rate-limits';
import { CapacityNotify1732000000500 } from './1732000000500-capacity-notify';
import { SlotAllocation1732000000600 } from './1732000000600-slot-allocation';
import { IdempotencyKeys1732000000700 } from './1732000000700-idempotency-keys';
import { RegistrationPage1732000000800 } from './1732000000800-registration-page';
import { SearchUnicodeCase1732000000801 } from './1732000000801-search-unicode-case';
import { SeatGuard1732000001000 } from './1732000001000-seat-guard';
import { UnpaidHoldsPerAddress1732000001100 } from './1732000001100-unpaid-holds-per-address';
import { TourReadModel1732000001200 } from './1732000001200-tour-read-model';
import { WaitingListOffers1732000001300 } from './1732000001300-waiting-list-offers';
import { OutboxLeases1732000001400 } from './1732000001400-outbox-leases';
import { StatusPages1732000001450 } from './1732000001450-status-pages';
import { CheckIns1732000001500 } from './1732000001500-check-ins';
import { PerformersSheet1732000001600 } from './1732000001600-performers-sheet';
import { Operators1732000002000 } from './1732000002000-operators';
import { CheckInOperator1732000003100 } from './1732000003100-check-in-operator';
import { SlotStatusCounts1732000002100 } from './1732000002100-slot-status-counts';
import { SeatNumbersAndDoorHandles1732000003000 } from './1732000003000-seat-numbers-and-door-handles';
import { OperatorKeys1732000003400 } from './1732000003400-operator-keys';
import { CurrencyPerStop1732000003700 } from './1732000003700-currency-per-stop';
import { SheetSuspicions1732000003200 } from './1732000003200-sheet-suspicions';
import { OutboxNotBefore1732000003600 } from './1732000003600-outbox-not-before';
import { MoneyMovements1732000003800 } from './1732000003800-money-movements';
import { MovePriceDifference1732000003900 } from './1732000003900-move-price-difference';

/** Every migration, in order. A new migration is added here. */
export const migrations = [
  EventStore1732000000000,
  Registrations1732000000001,
  Outbox1732000000100,
  Payments1732000000200,
  Admin1732000000300,
  RateLimits1732000000400,
  CapacityNotify1732000000500,
  SlotAllocation1732000000600,
  IdempotencyKeys1732000000700,
  RegistrationPage1732000000800,
  SearchUnicodeCase1732000000801,
  SeatGuard1732000001000,
  UnpaidHoldsPerAddress1732000001100,
  TourReadModel1732000001200,
  WaitingListOffers1732000001300,
  OutboxLeases1732000001400,
  StatusPages1732000001450,
  CheckIns1732000001500,
  PerformersSheet1732000001600,
  Operators1732000002000,
  SlotStatusCounts1732000002100,
  SeatNumbersAndDoorHandles1732000003000,
  CheckInOperator1732000003100,
  SheetSuspicions1732000003200,
  OperatorKeys1732000003400,
  OutboxNotBefore1732000003600,
  CurrencyPerStop1732000003700,
  MoneyMovements1732000003800,
  MovePriceDifference1732000003900,
];
