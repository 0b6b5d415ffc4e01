import { Controller, Get, Header } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AccountQuery, CurrentSession } from '../../../auth/admin-only.decorator';
import type { AdminSession } from '../../../auth/admin-sessions';
import { AccountDto } from '../../operator-answers.dto';
import { GetAccountQueryHandler } from './get-account.query-handler';

/** The signed-in operator's own account (any role, before a second factor too). */
@ApiTags('admin')
@Controller('api/admin/account')
export class GetAccountHttpController {
  constructor(private readonly accounts: GetAccountQueryHandler) {}

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
    return this.accounts.read(session);
  }
}
