import { Body, Controller, Header, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import { AccountCommand, CurrentSession } from '../../../auth/admin-only.decorator';
import type { AdminSession } from '../../../auth/admin-sessions';
import { PROVED_LATELY } from '../../account/account-refusals';
import { PasskeyCreationOptionsDto } from '../../operator-answers.dto';
import { EmptyRequestDto } from '../../operator-requests.dto';
import { StartPasskeyRegistrationCommand } from './start-passkey-registration.command';

/** The signed-in operator starts adding a passkey: sends StartPasskeyRegistrationCommand. */
@ApiTags('admin')
@Controller('api/admin/account')
export class StartPasskeyRegistrationHttpController {
  constructor(private readonly commandBus: CommandBus) {}

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
    return this.commandBus.execute(new StartPasskeyRegistrationCommand(session));
  }
}
