import { Controller, type MessageEvent, Sse } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Observable } from 'rxjs';
import { AdminOnly } from '../../../admin/admin-only.decorator';
import { LogPositionWatch } from './log-position-watch';

/** A comment this often keeps proxies (nginx waits 60 s by default) from closing an idle stream. */
export const KEEP_ALIVE_MS = 30_000;

@ApiTags('admin')
@Controller()
export class EventFeedLiveHttpController {
  constructor(private readonly watch: LogPositionWatch) {}

  @Sse('api/admin/events/live')
  @AdminOnly()
  @ApiOperation({
    summary: 'Server-Sent Events: the event log position, now and each time it moves',
    description:
      'Each message is `event: position` with data `{"position": n}`: the lastPosition the event feed would reach. Nothing else is sent but a comment every 30 seconds, which keeps proxies from closing an idle stream.',
  })
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: 'A text/event-stream that stays open.' })
  live(): Observable<MessageEvent> {
    return new Observable<MessageEvent>((subscriber) => {
      const positions = this.watch.positions().subscribe({
        next: (position) => subscriber.next({ type: 'position', data: { position } }),
        complete: () => subscriber.complete(),
        error: (error: unknown) => subscriber.error(error),
      });
      const keepAlive = setInterval(() => subscriber.next({ comment: '' }), KEEP_ALIVE_MS);
      return () => {
        clearInterval(keepAlive);
        positions.unsubscribe();
      };
    });
  }
}
