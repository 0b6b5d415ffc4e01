import { Body, Controller, Header, Inject, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { SignInThrottledError } from '../../../auth/admin-errors';
import { SameOriginJson } from '../../../auth/admin-only.decorator';
import { VisitorCommand } from '../../../common/api-refusals';
import { only } from '../../../common/domain-error';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import { PasskeyRequestOptionsDto } from '../../operator-answers.dto';
import { EmptyRequestDto } from '../../operator-requests.dto';
import { sessionOrigin } from '../../sign-in/session-origin';
import { StartPasskeySignInCommand } from './start-passkey-sign-in.command';
import { PASSKEY_SIGN_INS_PER_ADDRESS } from '../../credentials/passkey-ceremonies';

/** Anyone starts signing in with a passkey: sends StartPasskeySignInCommand. */
@ApiTags('admin')
@Controller('api/admin')
export class StartPasskeySignInHttpController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commandBus: CommandBus,
  ) {}

  @Post('login/passkey/options')
  @SameOriginJson()
  @Header('Cache-Control', 'no-store')
  @VisitorCommand({
    operationId: 'passkeySignInOptions',
    summary: 'Start signing in with a passkey',
    description:
      "The options for the browser's WebAuthn call (discoverable credentials: no email needed). The challenge is kept on the server for five minutes and is good once. " +
      `One address may start ${PASSKEY_SIGN_INS_PER_ADDRESS.limit} passkey sign-ins in ${PASSKEY_SIGN_INS_PER_ADDRESS.windowSeconds / 60} minutes.`,
    refusals: [only(SignInThrottledError, 'passkey-sign-ins-throttled')],
  })
  @ApiBody({ type: EmptyRequestDto })
  @ApiOkResponse({ type: PasskeyRequestOptionsDto })
  passkeyOptions(
    @Body() _body: EmptyRequestDto,
    @Req() request: Request,
  ): Promise<PasskeyRequestOptionsDto> {
    return this.commandBus.execute(
      new StartPasskeySignInCommand(sessionOrigin(request, this.config).address),
    );
  }
}
