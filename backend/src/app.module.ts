import { type DynamicModule, Global, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { OperatorsModule } from './operators/operators.module';
import { AuthModule } from './auth/auth.module';
import { DayOfShowModule } from './day-of-show/day-of-show.module';
import { LiveTour } from './tour/live-tour';
import { PublicTourHttpController } from './tour/queries/public-tour/public-tour.http.controller';
import { TourModule } from './tour/tour.module';
import { HealthModule } from './health/health.module';
import { MetricsModule } from './metrics/metrics.module';
import { APP_CONFIG } from './config/app-config.token';
import type { AppConfig } from './config/config';
import { NotificationsModule } from './notifications/notifications.module';
import { PaymentsModule } from './payments/payments.module';
import { RegistrationsModule } from './registrations/registrations.module';
import { CheckoutModule } from './checkout/checkout.module';
import { WaitingListModule } from './waiting-list/waiting-list.module';
import { DreamsModule } from './dreams/dreams.module';
import { OperatorActionsModule } from './operator-actions/operator-actions.module';
import { BookingChangesModule } from './booking-changes/booking-changes.module';

export interface AppModuleOptions {
  config: AppConfig;
  dataSource: DataSource;
  catalogue: LiveTour;
}

/** The infrastructure every feature module may inject: configuration, database, catalogue. */
@Global()
@Module({})
class CoreModule {
  static forRoot(options: AppModuleOptions): DynamicModule {
    return {
      module: CoreModule,
      controllers: [PublicTourHttpController],
      providers: [
        { provide: APP_CONFIG, useValue: options.config },
        { provide: DataSource, useValue: options.dataSource },
        { provide: LiveTour, useValue: options.catalogue },
      ],
      exports: [APP_CONFIG, DataSource, LiveTour],
    };
  }
}

@Module({})
export class AppModule {
  static forRoot(options: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(),
        CoreModule.forRoot(options),
        MetricsModule.forRoot(options.config),
        HealthModule,
        PaymentsModule,
        NotificationsModule,
        RegistrationsModule,
        CheckoutModule,
        WaitingListModule,
        OperatorActionsModule,
        BookingChangesModule,
        DreamsModule,
        DayOfShowModule,
        TourModule,
        AuthModule,
        OperatorsModule,
      ],
    };
  }
}
