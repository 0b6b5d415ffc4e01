import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  Patch,
  Post,
  Req,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import type { AdminActor } from '../../auth/admin-actor';
import { STEP_UP_FIRST } from '../../auth/admin-errors';
import { AnyOperator, CurrentAdmin, CurrentSession } from '../../auth/admin-only.decorator';
import { STEP_UP_MINUTES, type AdminSession } from '../../auth/admin-sessions';
import { ApiErrorDto } from '../../common/api-error.dto';
import {
  AccountDto,
  PasskeyCreationOptionsDto,
  PasskeyDto,
  RecoveryCodesDto,
  StepUpDto,
  TotpSetupDto,
} from '../operator-answers.dto';
import {
  LAST_FACTOR,
  NO_SUCH_PASSKEY,
  OperatorAccounts,
  PASSKEY_NOT_REGISTERED,
  TOTP_CODE_WRONG,
} from './operator-accounts';
import {
  EmptyRequestDto,
  PasskeyNameRequestDto,
  PasskeyRegistrationRequestDto,
  StepUpRequestDto,
  TotpConfirmationRequestDto,
} from '../operator-requests.dto';
import { StepUp, STEP_UP_ONE_PROOF, STEP_UP_WRONG } from './step-up';

const OWNER_REFUSED = 'The owner has no second factors: the password is theirs.';
const STEP_UP = `\`${STEP_UP_FIRST}\`: the session has not proved who holds it in the last ${STEP_UP_MINUTES} minutes (its sign-in or POST /api/admin/account/step-up).`;

/** The signed-in operator's own account and second factors (any role, before a factor too). */
@ApiTags('admin')
@Controller('api/admin/account')
export class AccountHttpController {
  constructor(
    private readonly accounts: OperatorAccounts,
    private readonly stepUp: StepUp,
  ) {}

  @Get()
  @AnyOperator()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'getAccount',
    summary: "The signed-in operator's account",
    description:
      "Name, email, role, passkeys, whether an authenticator app is confirmed, how many recovery codes are left, and until when the session may change them (`provedUntil`). The owner's: id `owner`, number 0, no email, no factors.",
  })
  @ApiOkResponse({ type: AccountDto })
  account(@CurrentSession() session: AdminSession): Promise<AccountDto> {
    return this.accounts.account(session);
  }

  @Post('step-up')
  @HttpCode(200)
  @AnyOperator({ mutation: true })
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'stepUp',
    summary: 'Prove again who holds the session, before changing what signs you in',
    description: `The passphrase, or a code the authenticator app shows now (each step once). For ${STEP_UP_MINUTES} minutes the session may then add or remove a passkey, set up the app and take new recovery codes. Counted like a sign-in: five failures in 15 minutes from one network or on the account close it for the rest of the window. Records OperatorSteppedUp.`,
  })
  @ApiOkResponse({ type: StepUpDto })
  @ApiBadRequestResponse({
    type: ApiErrorDto,
    description: `\`${STEP_UP_WRONG}\` (a field error on \`passphrase\` or \`code\`), or \`${STEP_UP_ONE_PROOF}\``,
  })
  @ApiTooManyRequestsResponse({
    type: ApiErrorDto,
    description: 'Too many failures; see Retry-After.',
  })
  @ApiConflictResponse({ type: ApiErrorDto, description: OWNER_REFUSED })
  async prove(
    @Body() body: StepUpRequestDto,
    @CurrentSession() session: AdminSession,
    @Req() request: Request,
  ): Promise<StepUpDto> {
    const until = await this.stepUp.prove(request, session, body);
    return { provedUntil: until.toISOString() };
  }

  @Post('passkeys/options')
  @HttpCode(200)
  @AnyOperator({ mutation: true })
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'passkeyRegistrationOptions',
    summary: 'Start adding a passkey',
    description:
      "The options for the browser's WebAuthn call (a discoverable credential, so that signing in needs no email; the device's own unlock required). The challenge is kept on the server for five minutes and is good once. Needs a session proved lately.",
  })
  @ApiBody({ type: EmptyRequestDto })
  @ApiOkResponse({ type: PasskeyCreationOptionsDto })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: STEP_UP })
  @ApiConflictResponse({ type: ApiErrorDto, description: OWNER_REFUSED })
  passkeyOptions(
    @Body() _body: EmptyRequestDto,
    @CurrentSession() session: AdminSession,
  ): Promise<PasskeyCreationOptionsDto> {
    return this.accounts.passkeyOptions(session);
  }

  @Post('passkeys')
  @AnyOperator({ mutation: true })
  @ApiOperation({
    operationId: 'addPasskey',
    summary: 'Add a passkey',
    description:
      "The browser's answer to the options' challenge, checked against the site's address (its origin and host), with the user verified by the device. Needs a session proved lately. Records OperatorPasskeyAdded and emails the operator; an operator who joined may then use the Command Center.",
  })
  @ApiCreatedResponse({ type: PasskeyDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: `\`${PASSKEY_NOT_REGISTERED}\`` })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: STEP_UP })
  @ApiConflictResponse({ type: ApiErrorDto, description: OWNER_REFUSED })
  addPasskey(
    @Body() body: PasskeyRegistrationRequestDto,
    @CurrentAdmin() actor: AdminActor,
    @CurrentSession() session: AdminSession,
    @Req() request: Request,
  ): Promise<PasskeyDto> {
    return this.accounts.addPasskey(actor, session, request, body);
  }

  @Patch('passkeys/:passkeyId')
  @HttpCode(204)
  @AnyOperator({ mutation: true })
  @ApiOperation({
    operationId: 'renamePasskey',
    summary: 'Name one of your passkeys',
    description: 'Records OperatorPasskeyRenamed.',
  })
  @ApiNoContentResponse({ description: 'Named.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: `\`${NO_SUCH_PASSKEY}\`` })
  @ApiConflictResponse({ type: ApiErrorDto, description: OWNER_REFUSED })
  async renamePasskey(
    @Param('passkeyId') passkeyId: string,
    @Body() body: PasskeyNameRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<void> {
    await this.accounts.renamePasskey(actor, passkeyId, body.name);
  }

  @Delete('passkeys/:passkeyId')
  @HttpCode(204)
  @AnyOperator({ mutation: true })
  @ApiOperation({
    operationId: 'removePasskey',
    summary: 'Remove one of your passkeys',
    description:
      'It signs no one in from then on. Needs a session proved lately; not the last of your second factors. Records OperatorPasskeyRemoved and emails the operator.',
  })
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: STEP_UP })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: `\`${NO_SUCH_PASSKEY}\`` })
  @ApiConflictResponse({
    type: ApiErrorDto,
    description: `\`${LAST_FACTOR}\`; or ${OWNER_REFUSED}`,
  })
  async removePasskey(
    @Param('passkeyId') passkeyId: string,
    @CurrentAdmin() actor: AdminActor,
    @CurrentSession() session: AdminSession,
  ): Promise<void> {
    await this.accounts.removePasskey(actor, session, passkeyId);
  }

  @Post('totp')
  @HttpCode(200)
  @AnyOperator({ mutation: true })
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'startTotp',
    summary: 'Start adding an authenticator app (TOTP)',
    description:
      'A new secret, pending until a code of it is confirmed (a TOTP already confirmed stays until then). Needs a session proved lately.',
  })
  @ApiBody({ type: EmptyRequestDto })
  @ApiOkResponse({ type: TotpSetupDto })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: STEP_UP })
  @ApiConflictResponse({ type: ApiErrorDto, description: OWNER_REFUSED })
  startTotp(
    @Body() _body: EmptyRequestDto,
    @CurrentSession() session: AdminSession,
  ): Promise<TotpSetupDto> {
    return this.accounts.startTotp(session);
  }

  @Post('totp/confirmation')
  @HttpCode(200)
  @AnyOperator({ mutation: true })
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'confirmTotp',
    summary: 'Confirm the authenticator app with a code',
    description:
      'A code of the pending secret (one step either side is accepted) makes it the TOTP of the account and answers ten recovery codes, shown this once (each good once instead of a code; the earlier ones end). Needs a session proved lately. Records OperatorTotpConfirmed and emails the operator.',
  })
  @ApiOkResponse({ type: RecoveryCodesDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: `\`${TOTP_CODE_WRONG}\`` })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: STEP_UP })
  @ApiConflictResponse({ type: ApiErrorDto, description: OWNER_REFUSED })
  confirmTotp(
    @Body() body: TotpConfirmationRequestDto,
    @CurrentAdmin() actor: AdminActor,
    @CurrentSession() session: AdminSession,
  ): Promise<RecoveryCodesDto> {
    return this.accounts.confirmTotp(actor, session, body.code);
  }

  @Post('recovery-codes')
  @HttpCode(200)
  @AnyOperator({ mutation: true })
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'renewRecoveryCodes',
    summary: 'New recovery codes',
    description:
      'Ten new codes, shown this once; the earlier ones, used or not, end. Needs a session proved lately. Records OperatorRecoveryCodesRenewed and emails the operator.',
  })
  @ApiBody({ type: EmptyRequestDto })
  @ApiOkResponse({ type: RecoveryCodesDto })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: STEP_UP })
  @ApiConflictResponse({ type: ApiErrorDto, description: OWNER_REFUSED })
  renewRecoveryCodes(
    @Body() _body: EmptyRequestDto,
    @CurrentAdmin() actor: AdminActor,
    @CurrentSession() session: AdminSession,
  ): Promise<RecoveryCodesDto> {
    return this.accounts.renewRecoveryCodes(actor, session);
  }
}
