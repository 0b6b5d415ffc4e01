import { Body, Controller, Header, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { SignInRefused, SignInThrottledError } from '../../../auth/admin-errors';
import { SameOriginJson } from '../../../auth/admin-only.decorator';
import { VisitorCommand } from '../../../common/api-refusals';
import { only } from '../../../common/domain-error';
import { requestId } from '../../../common/request-id';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import { AdminSessionDto } from '../../sign-in/admin-session.response.dto';
import { answerOpenedSession, SET_SESSION_COOKIE } from '../../sign-in/session-answer';
import { sessionOrigin } from '../../sign-in/session-origin';
import { LogInAsOperatorCommand } from './log-in-as-operator.command';
import { OperatorLoginRequestDto } from './log-in-as-operator.request.dto';

/** An invited operator signs in: sends LogInAsOperatorCommand, sets the session's cookie. */
@ApiTags('admin')
@Controller('api/admin')
export class LogInAsOperatorHttpController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commandBus: CommandBus,
  ) {}

  @Post('login/operator')
  @SameOriginJson()
  @Header('Cache-Control', 'no-store')
  @VisitorCommand({
    operationId: 'logInAsOperator',
    summary: 'Sign in as an invited operator: email, passphrase and a second factor',
    description:
      "`code` is the 6-digit code of the operator's authenticator app (one step either side is accepted, each step once) or one of the recovery codes (`xxxxx-xxxxx`, each good once). Sets the `admin_session` cookie. Five failures within 15 minutes, from one address or on one account, block that address or account for the rest of the window. A suspended operator is answered as a wrong passphrase.",
    refusals: [
      only(SignInRefused, 'wrong-credentials'),
      only(SignInThrottledError, 'sign-in-throttled'),
    ],
  })
  @ApiOkResponse({ type: AdminSessionDto, headers: SET_SESSION_COOKIE })
  async loginAsOperator(
    @Body() body: OperatorLoginRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminSessionDto> {
    const session = await this.commandBus.execute(
      new LogInAsOperatorCommand(body, sessionOrigin(request, this.config), requestId(request)),
    );
    return answerOpenedSession(response, this.config, session);
  }
}
