import { Global, Module } from '@nestjs/common';
import * as path from 'node:path';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/config';
import { FileMailTransport, MailTransport, SmtpMailTransport } from './mail-transport';
import { OutboxWorker } from './outbox-worker';
import { VisitorLinks } from './visitor-links';

/**
 * The outbox worker, the transport it sends through (SMTP_URL, or .eml files) and the visitor's
 * signed links the messages carry.
 */
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
    VisitorLinks,
  ],
  exports: [OutboxWorker, MailTransport, VisitorLinks],
})
export class NotificationsModule {}
