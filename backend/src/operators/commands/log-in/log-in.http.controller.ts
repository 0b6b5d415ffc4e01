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
import { LogInCommand } from './log-in.command';
import { LoginRequestDto } from './log-in.request.dto';

/** The owner signs in with the password: sends LogInCommand, sets the session's cookie. */
@ApiTags('admin')
@Controller('api/admin')
export class LogInHttpController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commandBus: CommandBus,
  ) {}

  @Post('login')
  @SameOriginJson()
  @Header('Cache-Control', 'no-store')
  @VisitorCommand({
    operationId: 'logIn',
    summary: 'Log in as the operator',
    description:
      "The owner's login (ADMIN_PASSWORD). Sets the HttpOnly, SameSite=Strict session cookie `admin_session` (Secure behind https). Five failures within 15 minutes from one client network (an IPv4 address or an IPv6 /64), or on the owner's account from anywhere, close that network or the account for the rest of the window; a success clears only the account's own failures. Recorded in the log: OwnerSignedIn, OwnerSignInFailed, OwnerLockedOut.",
    refusals: [
      only(SignInRefused, 'wrong-password'),
      only(SignInThrottledError, 'sign-in-throttled'),
    ],
  })
  @ApiOkResponse({ type: AdminSessionDto, headers: SET_SESSION_COOKIE })
  async login(
    @Body() body: LoginRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminSessionDto> {
    const session = await this.commandBus.execute(
      new LogInCommand(body.password, sessionOrigin(request, this.config), requestId(request)),
    );
    return answerOpenedSession(response, this.config, session);
  }
}
