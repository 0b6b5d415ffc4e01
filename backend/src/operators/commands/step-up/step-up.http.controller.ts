import { Body, Controller, Header, Inject, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { OperatorFieldRefused, SignInThrottledError } from '../../../auth/admin-errors';
import { AccountCommand, CurrentSession } from '../../../auth/admin-only.decorator';
import { STEP_UP_MINUTES, type AdminSession } from '../../../auth/admin-sessions';
import { only } from '../../../common/domain-error';
import { requestId } from '../../../common/request-id';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import { OWNER_HAS_NO_FACTORS } from '../../account/account-refusals';
import { StepUpDto } from '../../operator-answers.dto';
import { sessionOrigin } from '../../sign-in/session-origin';
import { StepUpCommand } from './step-up.command';
import { StepUpRequestDto } from './step-up.request.dto';

/** The signed-in operator proves again who they are: sends StepUpCommand. */
@ApiTags('admin')
@Controller('api/admin/account')
export class StepUpHttpController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commandBus: CommandBus,
  ) {}

  @Post('step-up')
  @Header('Cache-Control', 'no-store')
  @AccountCommand({
    operationId: 'stepUp',
    summary: 'Prove again who holds the session, before changing what signs you in',
    description: `The passphrase, or a code the authenticator app shows now (each step once). For ${STEP_UP_MINUTES} minutes the session may then add or remove a passkey, set up the app and take new recovery codes. Counted like a sign-in: five failures in 15 minutes from one network or on the account close it for the rest of the window (429, Retry-After). Records OperatorSteppedUp.`,
    ok: StepUpDto,
    refusals: [
      only(OperatorFieldRefused, 'proof-wrong', 'proof-missing'),
      only(SignInThrottledError, 'sign-in-throttled'),
      OWNER_HAS_NO_FACTORS,
    ],
  })
  async prove(
    @Body() body: StepUpRequestDto,
    @CurrentSession() session: AdminSession,
    @Req() request: Request,
  ): Promise<StepUpDto> {
    const until = await this.commandBus.execute(
      new StepUpCommand(
        body,
        session,
        sessionOrigin(request, this.config).address,
        requestId(request),
      ),
    );
    return { provedUntil: until.toISOString() };
  }
}
