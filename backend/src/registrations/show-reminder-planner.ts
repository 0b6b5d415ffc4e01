import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/config';
import { PollingWorker } from '../common/polling-worker';
import {
  cancelAllHeldReminders,
  reholdReminders,
  standingReminders,
} from '../notifications/outbox';
import { CapacityChangeListener } from '../seat-ledger/capacity-change-listener';
import { LiveTour } from '../tour/live-tour';
import { TOUR_CHANNEL } from '../tour/live-tour-sync';
import { reminderArmedFor } from './reminder-arming';
import { seatedNotArrivedIdsOfSlot } from './queries/registration-reads';
import { RegistrationStore } from './registration-store';

const PLAN_INTERVAL_MS = 5 * 60_000;

export interface ReminderPlan {
  /** Reminders armed (again) by this pass: a slot moved, a seat from before reminders. */
  armed: number;
  /** Reminders still held whose due time was moved (REMINDER_HOURS_BEFORE changed). */
  reheld: number;
  /** Reminders cancelled because reminders were turned off. */
  cancelled: number;
}

/**
 * Keeps one reminder standing for each seated person of every slot to come, armed for the
 * slot's start as the tour has it now. The reminders are armed when a seat is taken, by the
 * events' table (MESSAGES_OF_EVENTS); this pass re-arms those of a slot an operator moved (the
 * held one is cancelled, a new one held until the new start's hours, also when the old one was
 * sent) and arms those seated before reminders existed. It runs when the tour changes (NOTIFY
 * tour_changed, in every process), at boot and every five minutes; any number of processes may
 * run it at once: each arming takes the slot's lock and reads the registration under it, and a
 * reminder armed twice for one start is queued once (outbox_one_reminder_idx).
 */
@Injectable()
export class ShowReminderPlanner extends PollingWorker implements OnModuleInit {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly catalogue: LiveTour,
    private readonly store: RegistrationStore,
    private readonly tourChanges: CapacityChangeListener,
  ) {
    super('Reminder plan', PLAN_INTERVAL_MS, config.workers);
  }

  onModuleInit(): void {
    if (!this.config.workers) return;
    this.tourChanges.subscribe(TOUR_CHANNEL, () => this.passes.nudge());
  }

  protected async pass(): Promise<void> {
    await this.runOnce();
  }

  /** One pass over the slots to come, as of `now`. */
  async runOnce(now: Date = new Date()): Promise<ReminderPlan> {
    const plan: ReminderPlan = { armed: 0, reheld: 0, cancelled: 0 };
    const hours = this.config.reminderHoursBefore;
    if (hours <= 0) {
      plan.cancelled = await cancelAllHeldReminders(this.dataSource);
      return plan;
    }
    for (const { event, slot } of this.catalogue.allSlots()) {
      const startsAt = this.catalogue.startOf(event.slug, slot.time);
      if (!startsAt || startsAt.getTime() <= now.getTime()) continue;
      const seated = await seatedNotArrivedIdsOfSlot(this.dataSource, event.slug, slot.time);
      if (seated.length === 0) continue;
      const armedFor = reminderArmedFor(event.slug, slot.time, startsAt);
      const notBefore = new Date(startsAt.getTime() - hours * 3_600_000);
      const standing = await standingReminders(
        this.dataSource,
        seated.map(({ id }) => id),
      );
      // Armed for this start (or armed again for it, `<armedFor> #<position>`).
      const current = standing.filter(
        (reminder) =>
          reminder.armedFor === armedFor || reminder.armedFor.startsWith(`${armedFor} #`),
      );
      const armed = new Set(current.map((reminder) => reminder.registrationId));
      const missing = seated.map(({ id }) => id).filter((id) => !armed.has(id));
      if (missing.length > 0) {
        plan.armed += await this.store.transaction(async (tx) => {
          await tx.lockSlot(event.slug, slot.time);
          return this.store.armReminders(tx, missing);
        });
      }
      const reheld = current.filter(
        (reminder) => !reminder.sent && reminder.notBefore?.getTime() !== notBefore.getTime(),
      );
      await reholdReminders(
        this.dataSource,
        reheld.map((reminder) => ({
          registrationId: reminder.registrationId,
          armedFor,
          notBefore,
        })),
      );
      plan.reheld += reheld.length;
    }
    if (plan.armed > 0) this.logger.log(`${plan.armed} reminder(s) armed for a slot's new start`);
    return plan;
  }
}
