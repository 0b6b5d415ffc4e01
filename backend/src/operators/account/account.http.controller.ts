import { Body, Controller, Get, Header, Post, Req } from '@nestjs/common';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AdminActor } from '../../auth/admin-actor';
import { CurrentAdmin, CurrentSession } from '../../auth/admin-only.decorator';
import { STEP_UP_MINUTES, type AdminSession } from '../../auth/admin-sessions';
import {
  AccountDto,
  PasskeyCreationOptionsDto,
  PasskeyDto,
  StepUpDto,
} from '../operator-answers.dto';
import { OperatorAccounts } from './operator-accounts';
import {
  EmptyRequestDto,
  PasskeyRegistrationRequestDto,
  StepUpRequestDto,
} from '../operator-requests.dto';
import { StepUp } from './step-up';
import { AccountCommand, AccountQuery } from '../../auth/admin-only.decorator';
import { only } from '../../common/domain-error';
import { OWNER_HAS_NO_FACTORS, PROVED_LATELY } from './account-refusals';
import { OperatorFieldRefused, SignInThrottledError } from '../../auth/admin-errors';

/** The signed-in operator's own account and second factors (any role, before a factor too). */
@ApiTags('admin')
@Controller('api/admin/account')
export class AccountHttpController {
  constructor(
    private readonly accounts: OperatorAccounts,
    private readonly stepUp: StepUp,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @AccountQuery({
    operationId: 'getAccount',
    summary: "The signed-in operator's account",
    description:
      "Name, email, role, passkeys, whether an authenticator app is confirmed, how many recovery codes are left, and until when the session may change them (`provedUntil`). The owner's: id `owner`, number 0, no email, no factors.",
    ok: AccountDto,
  })
  account(@CurrentSession() session: AdminSession): Promise<AccountDto> {
    return this.accounts.account(session);
  }

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
    const until = await this.stepUp.prove(request, session, body);
    return { provedUntil: until.toISOString() };
  }

  @Post('passkeys/options')
  @Header('Cache-Control', 'no-store')
  @AccountCommand({
    operationId: 'passkeyRegistrationOptions',
    summary: 'Start adding a passkey',
    description:
      "The options for the browser's WebAuthn call (a discoverable credential, so that signing in needs no email; the device's own unlock required). The challenge is kept on the server for five minutes and is good once. Needs a session proved lately.",
    ok: PasskeyCreationOptionsDto,
    refusals: PROVED_LATELY,
  })
  @ApiBody({ type: EmptyRequestDto })
  passkeyOptions(
    @Body() _body: EmptyRequestDto,
    @CurrentSession() session: AdminSession,
  ): Promise<PasskeyCreationOptionsDto> {
    return this.accounts.passkeyOptions(session);
  }

  @Post('passkeys')
  @AccountCommand({
    operationId: 'addPasskey',
    summary: 'Add a passkey',
    description:
      "The browser's answer to the options' challenge, checked against the site's address (its origin and host), with the user verified by the device. Needs a session proved lately. Records OperatorPasskeyAdded and emails the operator; an operator who joined may then use the Command Center.",
    status: 201,
    ok: PasskeyDto,
    refusals: [...PROVED_LATELY, only(OperatorFieldRefused, 'passkey-not-registered')],
  })
  addPasskey(
    @Body() body: PasskeyRegistrationRequestDto,
    @CurrentAdmin() actor: AdminActor,
    @CurrentSession() session: AdminSession,
    @Req() request: Request,
  ): Promise<PasskeyDto> {
    return this.accounts.addPasskey(actor, session, request, body);
  }
}
