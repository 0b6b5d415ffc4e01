import { Body, Controller, Header, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import { AccountCommand, CurrentSession } from '../../../auth/admin-only.decorator';
import type { AdminSession } from '../../../auth/admin-sessions';
import { PROVED_LATELY } from '../../account/account-refusals';
import { TotpSetupDto } from '../../operator-answers.dto';
import { EmptyRequestDto } from '../../operator-requests.dto';
import { StartTotpCommand } from './start-totp.command';

/** The signed-in operator starts adding an authenticator app: sends StartTotpCommand. */
@ApiTags('admin')
@Controller('api/admin/account')
export class StartTotpHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('totp')
  @Header('Cache-Control', 'no-store')
  @AccountCommand({
    operationId: 'startTotp',
    summary: 'Start adding an authenticator app (TOTP)',
    description:
      'A new secret, pending until a code of it is confirmed (a TOTP already confirmed stays until then). Needs a session proved lately.',
    ok: TotpSetupDto,
    refusals: PROVED_LATELY,
  })
  @ApiBody({ type: EmptyRequestDto })
  async startTotp(
    @Body() _body: EmptyRequestDto,
    @CurrentSession() session: AdminSession,
  ): Promise<TotpSetupDto> {
    return this.commandBus.execute(new StartTotpCommand(session));
  }
}
