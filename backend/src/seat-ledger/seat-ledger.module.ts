import { Module } from '@nestjs/common';
import { CapacityCache } from './capacity-cache';
import { CapacityChangeListener } from './capacity-change-listener';

/**
 * The seat ledger: the one owner of slot_capacity (each slot's seat limit and its counts). It
 * gives the slot's lock (lockSlotSeats), writes the seat limits the tour sets (slot-limits) and
 * the counts the registrations' fold moves, under the CHECK that refuses an oversell, reads the
 * seats (slot-seats), and keeps the process's capacity cache with its one LISTEN connection.
 * The tour and the registrations stand on it; it knows neither.
 */
@Module({
  providers: [CapacityCache, CapacityChangeListener],
  exports: [CapacityCache, CapacityChangeListener],
})
export class SeatLedgerModule {}
