import { Controller, Get, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminOnly } from '../../../auth/admin-only.decorator';
import { LiveTour } from '../../../tour/live-tour';
import { CsvFileAnswer, startCsvFile } from '../csv-file';
import { accountsCsvHeader, accountsCsvRow, type AccountsCsvNames } from './accounts-csv';
import { MoneyMovementsQuery } from './money-movements.query';

@ApiTags('admin')
@Controller()
export class AccountsCsvHttpController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly catalogue: LiveTour,
  ) {}

  @Get('api/admin/accounts.csv')
  @AdminOnly('accounts')
  @ApiOperation({
    operationId: 'exportAccounts',
    summary: 'Every payment and refund as a CSV file for the accountant (operator only)',
    description:
      'A UTF-8 BOM, then one line per payment received and per refund, in the order they happened: date (ISO 8601, UTC; a refund’s when the provider confirmed it), stop, slot, kind (payment or refund), state (received, in-flight, refunded), amount (signed, a refund negative, with the currency’s decimals and a dot), currency, amount_minor, fee_minor, provider_reference, payment_intent, charge, refund, balance_transaction, receipt_number, reverses_receipt, reason. Text cells that start with = + - @ are neutralised by a leading quote; the numbers are not.',
  })
  @CsvFileAnswer('accounts.csv')
  async export(@Res() response: Response): Promise<void> {
    const movements = await this.queryBus.execute(new MoneyMovementsQuery());
    const names: AccountsCsvNames = {
      stop: (slug) => {
        const event = this.catalogue.findEvent(slug);
        return event ? this.catalogue.placeNames(event, 'en').city : slug;
      },
      slot: (slug, time) => this.catalogue.slotLabel(slug, time, 'en'),
    };
    startCsvFile(response, 'accounts.csv');
    response.end(
      accountsCsvHeader() + movements.map((movement) => accountsCsvRow(movement, names)).join(''),
    );
  }
}
