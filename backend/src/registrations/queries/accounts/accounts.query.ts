import { Query } from '@nestjs/cqrs';
import type { AccountsDto } from './accounts.response.dto';

/** The tour's money per stop and slot, in each currency on its own. */
export class AccountsQuery extends Query<AccountsDto> {}
