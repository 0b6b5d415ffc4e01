import { Body, Controller, Delete, Get, Header, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiBody, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AdminActor } from '../../auth/admin-actor';
import { CurrentAdmin } from '../../auth/admin-only.decorator';
import { ADMIN_SESSION_ID } from '../../auth/operator-ids';
import { RouteParam } from '../../common/validation';
import { OperatorDto, OperatorListDto } from '../operator-answers.dto';
import { requestLocale } from '../request-locale';
import { OperatorManagement } from './operator-management';
import {
  ChangeOperatorRequestDto,
  EmptyRequestDto,
  InviteOperatorRequestDto,
} from '../operator-requests.dto';
import { OperatorCommand, OperatorQuery } from '../../auth/admin-only.decorator';
import { only } from '../../common/domain-error';
import { OperatorConflict, OperatorNotFound } from '../../auth/admin-errors';

/** The owner's management of operators (permission `operators`). */
@ApiTags('admin')
@Controller('api/admin/operators')
export class OperatorsHttpController {
  constructor(private readonly operators: OperatorManagement) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @OperatorQuery('operators', {
    operationId: 'listOperators',
    summary: 'Every operator, with role, state and open sessions',
    description:
      'The owner first (id `owner`), then by number. Each open session with its device, address, when it was opened and last used (within a minute); `current` marks the one asking. An erased operator is `former operator #<number>`, without email.',
    ok: OperatorListDto,
  })
  async list(@CurrentAdmin() actor: AdminActor): Promise<OperatorListDto> {
    return { operators: await this.operators.list(actor.sessionId) };
  }

  @Post()
  @OperatorCommand('operators', {
    operationId: 'inviteOperator',
    summary: 'Invite an operator',
    description:
      "Records OperatorInvited and sends the invitation through the outbox, in the console's language (its `language` cookie) or English: a signed link to `/admin/join?token=…`, good once for 48 hours.",
    status: 201,
    ok: OperatorDto,
    refusals: [only(OperatorConflict, 'email-taken')],
  })
  async invite(
    @Body() body: InviteOperatorRequestDto,
    @CurrentAdmin() actor: AdminActor,
    @Req() request: Request,
  ): Promise<OperatorDto> {
    const operatorId = await this.operators.invite(actor, body, requestLocale(request));
    return this.operators.one(operatorId, actor.sessionId);
  }

  @Patch(':operatorId')
  @OperatorCommand('operators', {
    operationId: 'changeOperator',
    summary: "Change an operator's role, or suspend or reinstate them",
    description:
      'Records OperatorRoleChanged, OperatorSuspended or OperatorReinstated. Suspending ends every session of the operator at once: every process refuses their cookie on its next request.',
    ok: OperatorDto,
    refusals: [
      only(OperatorNotFound, 'operator-not-found'),
      only(OperatorConflict, 'owner-fixed', 'operator-erased'),
    ],
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
  @OperatorCommand('operators', {
    operationId: 'endOperatorSession',
    summary: "End one of an operator's sessions",
    description:
      "The session's cookie is refused by every process on its next request. `operatorId` `owner` ends one of the owner's own sessions. An operator's is recorded (OperatorSignedOut, revoked).",
    status: 204,
    okDescription: 'Ended.',
    refusals: [only(OperatorNotFound, 'operator-not-found', 'operator-session-not-found')],
  })
  @ApiParam({ name: 'sessionId', example: '0b6f3a52-3d1e-4c8e-9a57-5f3f2a0c9d11' })
  async endSession(
    @Param('operatorId') operatorId: string,
    @RouteParam({ name: 'sessionId', rule: ADMIN_SESSION_ID }) sessionId: string,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<void> {
    await this.operators.revokeSession(actor, operatorId, sessionId);
  }

  @Delete(':operatorId/passkeys/:passkeyId')
  @OperatorCommand('operators', {
    operationId: 'removeOperatorPasskey',
    summary: "Remove one of an operator's passkeys",
    description:
      'A lost device, or one added with a stolen session: it signs no one in from then on (the last one too: the operator then sets up a second factor again before anything else). Records OperatorPasskeyRemoved, and the operator is emailed that the owner did it.',
    status: 204,
    okDescription: 'Removed.',
    refusals: [only(OperatorNotFound, 'operator-not-found', 'passkey-not-found')],
  })
  async removePasskey(
    @Param('operatorId') operatorId: string,
    @Param('passkeyId') passkeyId: string,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<void> {
    await this.operators.removePasskey(actor, operatorId, passkeyId);
  }

  @Post(':operatorId/second-factor-reset')
  @OperatorCommand('operators', {
    operationId: 'resetOperatorSecondFactor',
    summary: "Reset an operator's second factor",
    description:
      'Removes every passkey, the authenticator app and the recovery codes of the operator, and ends every session of theirs. Their passphrase alone then opens a session that may only set up a second factor again. Records OperatorSecondFactorReset, and the operator is emailed.',
    status: 204,
    okDescription: 'Reset.',
    refusals: [
      only(OperatorNotFound, 'operator-not-found'),
      only(OperatorConflict, 'owner-fixed', 'operator-not-joined', 'operator-erased'),
    ],
  })
  @ApiBody({ type: EmptyRequestDto })
  async resetSecondFactor(
    @Param('operatorId') operatorId: string,
    @Body() _body: EmptyRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<void> {
    await this.operators.resetSecondFactor(actor, operatorId);
  }

  @Post(':operatorId/erasure')
  @OperatorCommand('operators', {
    operationId: 'eraseOperator',
    summary: "Erase a suspended operator's name and email",
    description:
      "Shreds the operator's key (their name and email in the log can no longer be read), records OperatorErased, and deletes their passphrase, second factors, sessions and unsent invitation. The trail then reads `former operator #<number>`. Irreversible; again on an erased operator, nothing more happens.",
    status: 204,
    okDescription: 'Erased.',
    refusals: [
      only(OperatorNotFound, 'operator-not-found'),
      only(OperatorConflict, 'suspend-first'),
    ],
  })
  @ApiBody({ type: EmptyRequestDto })
  async erase(
    @Param('operatorId') operatorId: string,
    @Body() _body: EmptyRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<void> {
    await this.operators.erase(actor, operatorId);
  }
}
