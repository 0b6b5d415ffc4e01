import { Controller, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { clearSessionCookie, readSessionCookie } from '../../../auth/admin-cookies';
import { SameOriginJson } from '../../../auth/admin-only.decorator';
import { VisitorCommand } from '../../../common/api-refusals';
import { requestId } from '../../../common/request-id';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import { LogOutCommand } from './log-out.command';

/** Signing out: sends LogOutCommand, clears the session's cookie. */
@ApiTags('admin')
@Controller('api/admin')
export class LogOutHttpController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commandBus: CommandBus,
  ) {}

  @Post('logout')
  @SameOriginJson()
  @VisitorCommand({
    operationId: 'logOut',
    summary: 'End the operator session on the server and clear its cookie',
    description:
      "The session cannot be used again from anywhere, even with a copy of its cookie. An invited operator's sign-out is recorded in their stream (OperatorSignedOut).",
    status: 204,
  })
  @ApiNoContentResponse({
    description: 'Logged out (also when there was no session).',
    headers: {
      'Set-Cookie': {
        description: '`admin_session=; Expires=Thu, 01 Jan 1970 00:00:00 GMT`: the cookie cleared.',
        schema: { type: 'string' },
      },
    },
  })
  async logout(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    await this.commandBus.execute(
      new LogOutCommand(readSessionCookie(request), requestId(request)),
    );
    clearSessionCookie(response, this.config);
  }
}
