import { Controller, type MessageEvent, Req, Sse } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Observable } from 'rxjs';
import type { Request } from 'express';
import { readSessionCookie } from '../../../auth/admin-cookies';
import { AdminOnly } from '../../../auth/admin-only.decorator';
import { AdminSessions } from '../../../auth/admin-sessions';
import { ruleAdmits, type AdminRule } from '../../../auth/admin-rule';
import { LogPositionWatch } from './log-position-watch';

/**
 * A comment this often keeps a proxy from closing an idle stream: at most half of the time
 * deploy/nginx.conf lets an answer go silent (proxy_read_timeout, 30 s; a test holds the two).
 */
export const KEEP_ALIVE_MS = 15_000;
/**
 * A stream ends this soon after its session does (a logout elsewhere, expiry, a suspension), or
 * after its operator's role stops holding the feed's permission.
 */
export const SESSION_CHECK_MS = 2_000;

/** Who may hear the feed; the route's guard and the stream's periodic check read this one rule. */
const FEED_PERMISSION = 'registrations';
const FEED_RULE: AdminRule = { permissions: [FEED_PERMISSION] };

@ApiTags('admin')
@Controller()
export class EventFeedLiveHttpController {
  constructor(
    private readonly watch: LogPositionWatch,
    private readonly sessions: AdminSessions,
  ) {}

  @Sse('api/admin/events/live')
  @AdminOnly(FEED_PERMISSION)
  @ApiOperation({
    operationId: 'streamLogPosition',
    summary: 'Server-Sent Events: the event log position, now and each time it moves',
    description:
      'Each message is `event: position` with data `{"position": n}`: the lastPosition the event feed would reach. Nothing else is sent but a comment every 15 seconds, which keeps proxies from closing an idle stream. The stream ends when the session does, or when the role of its operator no longer holds the permission.',
  })
  @ApiProduces('text/event-stream')
  @ApiOkResponse({
    description: 'A text/event-stream that stays open.',
    schema: { type: 'string', example: 'event: position\ndata: {"position":42}\n\n' },
  })
  live(@Req() request: Request): Observable<MessageEvent> {
    const token = readSessionCookie(request);
    return new Observable<MessageEvent>((subscriber) => {
      const positions = this.watch.positions().subscribe({
        next: (position) => subscriber.next({ type: 'position', data: { position } }),
        complete: () => subscriber.complete(),
        error: (error: unknown) => subscriber.error(error),
      });
      const keepAlive = setInterval(() => subscriber.next({ comment: '' }), KEEP_ALIVE_MS);
      // The guard let the stream open; it must not outlive the session nor the permission (the
      // browser then reconnects and hears 401 or 403).
      const sessionCheck = setInterval(() => {
        this.sessions.find(token).then(
          (session) =>
            session && ruleAdmits(FEED_RULE, session.operator) ? undefined : subscriber.complete(),
          () => undefined,
        );
      }, SESSION_CHECK_MS);
      return () => {
        clearInterval(keepAlive);
        clearInterval(sessionCheck);
        positions.unsubscribe();
      };
    });
  }
}
