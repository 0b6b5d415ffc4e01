import { Body, Controller, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { VisitorCommand } from '../../../common/api-refusals';
import { only } from '../../../common/domain-error';
import { ConcurrentChange } from '../../../common/request-errors';
import { requestId } from '../../../common/request-id';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import { clientIdentityOf } from '../../../security/client-identity';
import { dreamShareWait } from '../../../security/registration-rate-limit';
import { assertRegistrationId } from '../../../registrations/domain/registration-id';
import {
  DreamSharesThrottledError,
  InvalidTransitionError,
  PastTheDoorError,
  RegistrationNotFoundError,
  SharedDreamLimitError,
} from '../../../registrations/domain/registration-errors';
import { ShareDreamCommand } from './share-dream.command';
import { ShareDreamRequestDto, ShareDreamResponseDto } from './share-dream.request.dto';

@ApiTags('registrations')
@Controller()
export class ShareDreamHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('api/registrations/:id/dreams')
  @VisitorCommand({
    operationId: 'shareDream',
    summary: 'Share a further dream after registering',
    description:
      'Only while the registration keeps its seat or waiting place (409 once cancelled, released or refunded); at most SHARED_DREAMS_PER_REGISTRATION (10) per registration (409 after that), and at most DREAM_SHARE_RATE_LIMIT per window per registration and per client address (429 with Retry-After).',
    status: 201,
    ok: ShareDreamResponseDto,
    refusals: [
      RegistrationNotFoundError,
      only(InvalidTransitionError, 'no-longer-shares-dreams'),
      SharedDreamLimitError,
      PastTheDoorError,
      DreamSharesThrottledError,
      ConcurrentChange,
    ],
  })
  async share(
    @Param('id') id: string,
    @Body() body: ShareDreamRequestDto,
    @Req() request: Request,
  ): Promise<ShareDreamResponseDto> {
    assertRegistrationId(id);
    const wait = await dreamShareWait(
      this.dataSource,
      {
        limit: this.config.dreamShareRateLimit,
        windowSeconds: this.config.dreamShareRateWindowSeconds,
      },
      clientIdentityOf(request, this.config.clientIpv6PrefixLength),
      id,
    );
    if (wait !== undefined) throw new DreamSharesThrottledError(wait);
    const { dreamId } = await this.commandBus.execute(
      new ShareDreamCommand(id, body.dream, requestId(request)),
    );
    return { id: dreamId };
  }
}
