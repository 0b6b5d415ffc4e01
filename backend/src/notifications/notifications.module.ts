import { Global, Module } from '@nestjs/common';
import * as path from 'node:path';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/config';
import { FileMailTransport, MailTransport, SmtpMailTransport } from './mail-transport';
import { OutboxWorker } from './outbox-worker';

/** The outbox worker and the transport it sends through (SMTP_URL, or .eml files). */
@Global()
@Module({
  providers: [
    {
      provide: MailTransport,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        config.smtpUrl
          ? new SmtpMailTransport(config.smtpUrl)
          : new FileMailTransport(path.join(config.dataDir, 'outbox')),
    },
    OutboxWorker,
  ],
  exports: [OutboxWorker, MailTransport],
})
export class NotificationsModule {}
