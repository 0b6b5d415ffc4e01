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
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';
import type { AdminActor } from '../../auth/admin-actor';
import { AdminOnly, CurrentAdmin } from '../../auth/admin-only.decorator';
import { ADMIN_SESSION_ID } from '../../auth/operator-ids';
import { ApiErrorDto } from '../../common/api-error.dto';
import { RouteParam } from '../../common/validation';
import { OperatorDto, OperatorListDto } from '../operator-answers.dto';
import { NO_SUCH_PASSKEY } from '../account/operator-accounts';
import { requestLocale } from '../request-locale';
import { EMAIL_TAKEN, OperatorManagement, SUSPEND_FIRST } from './operator-management';
import {
  ChangeOperatorRequestDto,
  EmptyRequestDto,
  InviteOperatorRequestDto,
} from '../operator-requests.dto';

/** The owner's management of operators (permission `operators`). */
@ApiTags('admin')
@Controller('api/admin/operators')
export class OperatorsHttpController {
  constructor(private readonly operators: OperatorManagement) {}

  @Get()
  @AdminOnly('operators')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'listOperators',
    summary: 'Every operator, with role, state and open sessions',
    description:
      'The owner first (id `owner`), then by number. Each open session with its device, address, when it was opened and last used (within a minute); `current` marks the one asking. An erased operator is `former operator #<number>`, without email.',
  })
  @ApiOkResponse({ type: OperatorListDto })
  async list(@CurrentAdmin() actor: AdminActor): Promise<OperatorListDto> {
    return { operators: await this.operators.list(actor.sessionId) };
  }

  @Post()
  @AdminOnly('operators', { mutation: true })
  @ApiOperation({
    operationId: 'inviteOperator',
    summary: 'Invite an operator',
    description:
      "Records OperatorInvited and sends the invitation through the outbox, in the console's language (its `language` cookie) or English: a signed link to `/admin/join?token=…`, good once for 48 hours.",
  })
  @ApiCreatedResponse({ type: OperatorDto })
  @ApiConflictResponse({ type: ApiErrorDto, description: `\`${EMAIL_TAKEN}\`` })
  async invite(
    @Body() body: InviteOperatorRequestDto,
    @CurrentAdmin() actor: AdminActor,
    @Req() request: Request,
  ): Promise<OperatorDto> {
    const operatorId = await this.operators.invite(actor, body, requestLocale(request));
    return this.operators.one(operatorId, actor.sessionId);
  }

  @Patch(':operatorId')
  @AdminOnly('operators', { mutation: true })
  @ApiOperation({
    operationId: 'changeOperator',
    summary: "Change an operator's role, or suspend or reinstate them",
    description:
      'Records OperatorRoleChanged, OperatorSuspended or OperatorReinstated. Suspending ends every session of the operator at once: every process refuses their cookie on its next request.',
  })
  @ApiOkResponse({ type: OperatorDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'No such operator.' })
  @ApiConflictResponse({
    type: ApiErrorDto,
    description: "The owner's role, or an erased operator.",
  })
  async change(
    @Param('operatorId') operatorId: string,
    @Body() body: ChangeOperatorRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<OperatorDto> {
    await this.operators.change(actor, operatorId, body);
    return this.operators.one(operatorId, actor.sessionId);
  }

  @Delete(':operatorId/sessions/:sessionId')
  @HttpCode(204)
  @AdminOnly('operators', { mutation: true })
  @ApiOperation({
    operationId: 'endOperatorSession',
    summary: "End one of an operator's sessions",
    description:
      "The session's cookie is refused by every process on its next request. `operatorId` `owner` ends one of the owner's own sessions. An operator's is recorded (OperatorSignedOut, revoked).",
  })
  @ApiNoContentResponse({ description: 'Ended.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'No such session of this operator.' })
  @ApiParam({ name: 'sessionId', example: '0b6f3a52-3d1e-4c8e-9a57-5f3f2a0c9d11' })
  async endSession(
    @Param('operatorId') operatorId: string,
    @RouteParam({ name: 'sessionId', rule: ADMIN_SESSION_ID }) sessionId: string,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<void> {
    await this.operators.revokeSession(actor, operatorId, sessionId);
  }

  @Delete(':operatorId/passkeys/:passkeyId')
  @HttpCode(204)
  @AdminOnly('operators', { mutation: true })
  @ApiOperation({
    operationId: 'removeOperatorPasskey',
    summary: "Remove one of an operator's passkeys",
    description:
      'A lost device, or one added with a stolen session: it signs no one in from then on (the last one too: the operator then sets up a second factor again before anything else). Records OperatorPasskeyRemoved, and the operator is emailed that the owner did it.',
  })
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiNotFoundResponse({
    type: ApiErrorDto,
    description: `No such operator, or \`${NO_SUCH_PASSKEY}\``,
  })
  async removePasskey(
    @Param('operatorId') operatorId: string,
    @Param('passkeyId') passkeyId: string,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<void> {
    await this.operators.removePasskey(actor, operatorId, passkeyId);
  }

  @Post(':operatorId/second-factor-reset')
  @HttpCode(204)
  @AdminOnly('operators', { mutation: true })
  @ApiOperation({
    operationId: 'resetOperatorSecondFactor',
    summary: "Reset an operator's second factor",
    description:
      'Removes every passkey, the authenticator app and the recovery codes of the operator, and ends every session of theirs. Their passphrase alone then opens a session that may only set up a second factor again. Records OperatorSecondFactorReset, and the operator is emailed.',
  })
  @ApiBody({ type: EmptyRequestDto })
  @ApiNoContentResponse({ description: 'Reset.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'No such operator.' })
  @ApiConflictResponse({
    type: ApiErrorDto,
    description: 'The owner, an operator who has not joined, or one erased.',
  })
  async resetSecondFactor(
    @Param('operatorId') operatorId: string,
    @Body() _body: EmptyRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<void> {
    await this.operators.resetSecondFactor(actor, operatorId);
  }

  @Post(':operatorId/erasure')
  @HttpCode(204)
  @AdminOnly('operators', { mutation: true })
  @ApiOperation({
    operationId: 'eraseOperator',
    summary: "Erase a suspended operator's name and email",
    description:
      "Shreds the operator's key (their name and email in the log can no longer be read), records OperatorErased, and deletes their passphrase, second factors, sessions and unsent invitation. The trail then reads `former operator #<number>`. Irreversible; again on an erased operator, nothing more happens.",
  })
  @ApiBody({ type: EmptyRequestDto })
  @ApiNoContentResponse({ description: 'Erased.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'No such operator.' })
  @ApiConflictResponse({ type: ApiErrorDto, description: `\`${SUSPEND_FIRST}\`` })
  async erase(
    @Param('operatorId') operatorId: string,
    @Body() _body: EmptyRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<void> {
    await this.operators.erase(actor, operatorId);
  }
}
