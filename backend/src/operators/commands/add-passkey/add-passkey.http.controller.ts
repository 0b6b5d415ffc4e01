import { Body, Controller, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AdminActor } from '../../../auth/admin-actor';
import { OperatorFieldRefused } from '../../../auth/admin-errors';
import { AccountCommand, CurrentAdmin, CurrentSession } from '../../../auth/admin-only.decorator';
import type { AdminSession } from '../../../auth/admin-sessions';
import { deviceName } from '../../../auth/device-name';
import { only } from '../../../common/domain-error';
import { PROVED_LATELY } from '../../account/account-refusals';
import { PasskeyDto } from '../../operator-answers.dto';
import { AddPasskeyCommand } from './add-passkey.command';
import { PasskeyRegistrationRequestDto } from './add-passkey.request.dto';

/** The signed-in operator adds a passkey: sends AddPasskeyCommand. */
@ApiTags('admin')
@Controller('api/admin/account')
export class AddPasskeyHttpController {
  constructor(private readonly commandBus: CommandBus) {}

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
    return this.commandBus.execute(
      new AddPasskeyCommand(body, deviceName(request.headers['user-agent']), actor, session),
    );
  }
}
