import { Body, Controller, Get, Header, HttpCode, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';
import type { AdminActor } from '../auth/admin-actor';
import { AnyOperator, CurrentAdmin, CurrentOperator } from '../auth/admin-only.decorator';
import type { SessionOperator } from '../auth/admin-sessions';
import { ApiErrorDto } from '../common/api-error.dto';
import {
  AccountDto,
  PasskeyCreationOptionsDto,
  PasskeyDto,
  RecoveryCodesDto,
  TotpSetupDto,
} from './operator-answers.dto';
import { OperatorAccounts, PASSKEY_NOT_REGISTERED, TOTP_CODE_WRONG } from './operator-accounts';
import {
  EmptyRequestDto,
  PasskeyRegistrationRequestDto,
  TotpConfirmationRequestDto,
} from './operator-requests.dto';

const OWNER_REFUSED = 'The owner has no second factors: the password is theirs.';

/** The signed-in operator's own account and second factors (any role, before a factor too). */
@ApiTags('admin')
@Controller('api/admin/account')
export class AccountHttpController {
  constructor(private readonly accounts: OperatorAccounts) {}

  @Get()
  @AnyOperator()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'getAccount',
    summary: "The signed-in operator's account",
    description:
      "Name, email, role, passkeys, whether an authenticator app is confirmed, and how many recovery codes are left. The owner's: id `owner`, number 0, no email, no factors.",
  })
  @ApiOkResponse({ type: AccountDto })
  account(@CurrentOperator() operator: SessionOperator): Promise<AccountDto> {
    return this.accounts.account(operator);
  }

  @Post('passkeys/options')
  @HttpCode(200)
  @AnyOperator({ mutation: true })
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'passkeyRegistrationOptions',
    summary: 'Start adding a passkey',
    description:
      "The options for the browser's WebAuthn call (a discoverable credential, so that signing in needs no email). The challenge is kept on the server for five minutes and is good once.",
  })
  @ApiBody({ type: EmptyRequestDto })
  @ApiOkResponse({ type: PasskeyCreationOptionsDto })
  @ApiConflictResponse({ type: ApiErrorDto, description: OWNER_REFUSED })
  passkeyOptions(
    @Body() _body: EmptyRequestDto,
    @CurrentOperator() operator: SessionOperator,
  ): Promise<PasskeyCreationOptionsDto> {
    return this.accounts.passkeyOptions(operator);
  }

  @Post('passkeys')
  @AnyOperator({ mutation: true })
  @ApiOperation({
    operationId: 'addPasskey',
    summary: 'Add a passkey',
    description:
      "The browser's answer to the options' challenge, checked against the site's address (its origin and host). Records OperatorPasskeyAdded; an operator who joined may then use the Command Center.",
  })
  @ApiCreatedResponse({ type: PasskeyDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: `\`${PASSKEY_NOT_REGISTERED}\`` })
  @ApiConflictResponse({ type: ApiErrorDto, description: OWNER_REFUSED })
  addPasskey(
    @Body() body: PasskeyRegistrationRequestDto,
    @CurrentAdmin() actor: AdminActor,
    @Req() request: Request,
  ): Promise<PasskeyDto> {
    return this.accounts.addPasskey(actor, request, body);
  }

  @Post('totp')
  @HttpCode(200)
  @AnyOperator({ mutation: true })
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'startTotp',
    summary: 'Start adding an authenticator app (TOTP)',
    description:
      'A new secret, pending until a code of it is confirmed (a TOTP already confirmed stays until then).',
  })
  @ApiBody({ type: EmptyRequestDto })
  @ApiOkResponse({ type: TotpSetupDto })
  @ApiConflictResponse({ type: ApiErrorDto, description: OWNER_REFUSED })
  startTotp(
    @Body() _body: EmptyRequestDto,
    @CurrentOperator() operator: SessionOperator,
  ): Promise<TotpSetupDto> {
    return this.accounts.startTotp(operator);
  }

  @Post('totp/confirmation')
  @HttpCode(200)
  @AnyOperator({ mutation: true })
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'confirmTotp',
    summary: 'Confirm the authenticator app with a code',
    description:
      'A code of the pending secret (one step either side is accepted) makes it the TOTP of the account and answers ten recovery codes, shown this once (each good once instead of a code; the earlier ones end). Records OperatorTotpConfirmed.',
  })
  @ApiOkResponse({ type: RecoveryCodesDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: `\`${TOTP_CODE_WRONG}\`` })
  @ApiConflictResponse({ type: ApiErrorDto, description: OWNER_REFUSED })
  confirmTotp(
    @Body() body: TotpConfirmationRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<RecoveryCodesDto> {
    return this.accounts.confirmTotp(actor, body.code);
  }
}
