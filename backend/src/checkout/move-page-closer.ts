import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import type { Subscription } from 'rxjs';
import { PaymentGateway } from '../payments/payment-gateway';
import { RegistrationEventsRecorded } from '../registrations/registration-events-recorded';

/**
 * Closes with the provider the payment page of a move's difference once the seat held for that
 * move went back for another reason than its page's end (the booking cancelled, moved elsewhere,
 * handed on or erased, the seat refunded): after COMMIT, never under a lock, at most once per
 * release in the process that recorded it. Closing is a courtesy to the visitor (the page says
 * it lapsed): a payment that lands anyway is refunded whole ('move-difference-unused').
 */
@Injectable()
export class MovePageCloser implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(MovePageCloser.name);
  private subscription: Subscription | undefined;
  private readonly closing = new Set<Promise<void>>();

  constructor(
    private readonly eventBus: EventBus,
    private readonly gateway: PaymentGateway,
  ) {}

  onModuleInit(): void {
    this.subscription = this.eventBus.subscribe((published) => {
      if (!(published instanceof RegistrationEventsRecorded)) return;
      for (const { event } of published.events) {
        if (event.type !== 'MoveSeatReleased' || !event.data.sessionId) continue;
        if (event.data.reason === 'lapsed') continue;
        this.close(event.data.sessionId);
      }
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.subscription?.unsubscribe();
    await Promise.all(this.closing);
  }

  private close(sessionId: string): void {
    const closing = this.gateway.expireCheckoutSession(sessionId).catch((error: unknown) => {
      this.logger.warn(
        `The difference's page ${sessionId} was not closed: ${error instanceof Error ? error.message : error}`,
      );
    });
    this.closing.add(closing);
    void closing.finally(() => this.closing.delete(closing));
  }
}
