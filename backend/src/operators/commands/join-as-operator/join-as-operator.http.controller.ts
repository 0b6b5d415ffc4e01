import { Body, Controller, Header, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { InvitationRefused, OperatorFieldRefused } from '../../../auth/admin-errors';
import { SameOriginJson } from '../../../auth/admin-only.decorator';
import { VisitorCommand } from '../../../common/api-refusals';
import { only } from '../../../common/domain-error';
import { requestId } from '../../../common/request-id';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import { requestLocale } from '../../request-locale';
import { AdminSessionDto } from '../../sign-in/admin-session.response.dto';
import { sessionOrigin } from '../../sign-in/session-origin';
import { answerOpenedSession } from '../../sign-in/session-answer';
import { JoinAsOperatorCommand } from './join-as-operator.command';
import { JoinRequestDto } from './join-as-operator.request.dto';

/** An invited operator joins with the invitation's link (no session yet): one is opened. */
@ApiTags('admin')
@Controller('api/operators')
export class JoinAsOperatorHttpController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commandBus: CommandBus,
  ) {}

  @Post('join')
  @SameOriginJson()
  @Header('Cache-Control', 'no-store')
  @VisitorCommand({
    operationId: 'joinAsOperator',
    summary: 'Join with an invitation: a name and a passphrase',
    description:
      'Records OperatorJoined and opens a session (the `admin_session` cookie) that must add a passkey or an authenticator app before anything else (`secondFactorRequired: true`). The passphrase: at least 12 characters, none of the common passwords; kept as a scrypt hash with a salt of its own.',
    status: 201,
    ok: AdminSessionDto,
    refusals: [
      InvitationRefused,
      only(
        OperatorFieldRefused,
        'passphrase-too-short',
        'passphrase-too-common',
        'passphrase-personal',
        'passphrase-guessable',
      ),
    ],
  })
  async join(
    @Body() body: JoinRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminSessionDto> {
    const session = await this.commandBus.execute(
      new JoinAsOperatorCommand(
        body,
        sessionOrigin(request, this.config),
        requestId(request),
        requestLocale(request),
      ),
    );
    return answerOpenedSession(response, this.config, session);
  }
}
