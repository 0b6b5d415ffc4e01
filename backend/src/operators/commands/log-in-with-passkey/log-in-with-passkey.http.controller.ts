import { Body, Controller, Header, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { SignInRefused } from '../../../auth/admin-errors';
import { SameOriginJson } from '../../../auth/admin-only.decorator';
import { VisitorCommand } from '../../../common/api-refusals';
import { only } from '../../../common/domain-error';
import { requestId } from '../../../common/request-id';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import { AdminSessionDto } from '../../sign-in/admin-session.response.dto';
import { answerOpenedSession, SET_SESSION_COOKIE } from '../../sign-in/session-answer';
import { sessionOrigin } from '../../sign-in/session-origin';
import { LogInWithPasskeyCommand } from './log-in-with-passkey.command';
import { PasskeyLoginRequestDto } from './log-in-with-passkey.request.dto';

/** Signing in with a passkey: sends LogInWithPasskeyCommand, sets the session's cookie. */
@ApiTags('admin')
@Controller('api/admin')
export class LogInWithPasskeyHttpController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commandBus: CommandBus,
  ) {}

  @Post('login/passkey')
  @SameOriginJson()
  @Header('Cache-Control', 'no-store')
  @VisitorCommand({
    operationId: 'logInWithPasskey',
    summary: 'Sign in with a passkey',
    description:
      "The browser's answer to the options' challenge. Sets the `admin_session` cookie. Refused when the challenge is unknown, used or past its five minutes, the passkey unknown or its operator not active, the signature wrong, or the authenticator's signature counter not past the last one seen (a cloned or replayed key).",
    refusals: [only(SignInRefused, 'passkey-refused')],
  })
  @ApiOkResponse({ type: AdminSessionDto, headers: SET_SESSION_COOKIE })
  async loginWithPasskey(
    @Body() body: PasskeyLoginRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminSessionDto> {
    const session = await this.commandBus.execute(
      new LogInWithPasskeyCommand(body, sessionOrigin(request, this.config), requestId(request)),
    );
    return answerOpenedSession(response, this.config, session);
  }
}
