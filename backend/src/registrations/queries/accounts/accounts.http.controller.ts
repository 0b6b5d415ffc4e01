import { Controller, Get, Header } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { OperatorQuery } from '../../../auth/admin-only.decorator';
import { AccountsQuery } from './accounts.query';
import { AccountsDto } from './accounts.response.dto';

@ApiTags('admin')
@Controller()
export class AccountsHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('api/admin/accounts')
  @Header('Cache-Control', 'no-store')
  @OperatorQuery('accounts', {
    operationId: 'getAccounts',
    summary: "The tour's accounts: per stop and slot, in each currency on its own",
    description:
      'Folded from the log (every payment received and every refund): seats paid, gross, refunded, net (gross − refunded) and what is pending (refunds in flight, seats held), and the provider’s fees where it reported them. Amounts in the minor unit of their currency; two currencies are never added.',
    ok: AccountsDto,
  })
  accounts(): Promise<AccountsDto> {
    return this.queryBus.execute(new AccountsQuery());
  }
}
