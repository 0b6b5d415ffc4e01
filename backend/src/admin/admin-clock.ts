import { Injectable } from '@nestjs/common';

/**
 * The time as the admin code sees it: session expiry and the login throttle's window. One
 * provider, so a test can move it forward instead of waiting hours.
 */
@Injectable()
export class AdminClock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves this process's admin clock forward (tests only). */
  advance(milliseconds: number): void {
    this.offsetMs += milliseconds;
  }
}
