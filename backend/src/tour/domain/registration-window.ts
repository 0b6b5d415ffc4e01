/** A slot as the catalogue gives it: its status and its start. */
export interface SlotSchedule {
  status: 'open' | 'closed';
  startsAt: Date;
}

/**
 * Whether a slot takes registrations at `now`: it must be open, and registration closes
 * `closeMinutesBefore` its start (0: at the start), whatever its status says. Registering,
 * the capacity answer and the waiting list ask this.
 */
export function isOpenForRegistration(
  slot: SlotSchedule,
  now: Date,
  closeMinutesBefore: number,
): boolean {
  if (slot.status !== 'open') return false;
  return now.getTime() < slot.startsAt.getTime() - closeMinutesBefore * 60_000;
}
