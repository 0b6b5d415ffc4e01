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

/**
 * When a visitor may still cancel from their email: until `closesHoursBefore` hours before the
 * slot starts. The booking page, the cancellation from the email and the confirmation's link
 * all ask this.
 */
export function visitorCancellationClosesAt(startsAt: Date, closesHoursBefore: number): Date {
  return new Date(startsAt.getTime() - closesHoursBefore * 3_600_000);
}

/** Whether the visitor's own cancellation is still open at `now`. */
export function visitorCancellationOpen(now: Date, closesAt: Date): boolean {
  return now.getTime() < closesAt.getTime();
}
