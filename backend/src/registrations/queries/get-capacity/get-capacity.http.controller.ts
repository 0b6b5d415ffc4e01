import { Controller, Get, Header, Res } from '@nestjs/common';
import type { Response } from 'express';
import { QueryBus } from '@nestjs/cqrs';
import {
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { SlotCapacityDto } from './slot-capacity.response.dto';
import { GetCapacityQuery } from './get-capacity.query';

@ApiTags('registrations')
@ApiExtraModels(SlotCapacityDto)
@Controller()
export class GetCapacityHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('api/capacity')
  // Every page polls it: a browser may keep the answer but asks again each time, with its ETag,
  // and one that did not change costs a 304 without a body.
  @Header('Cache-Control', 'no-cache')
  @ApiOperation({
    operationId: 'getCapacity',
    summary: 'Seats and waiting list of every slot of the open events',
    description:
      'Polled by every open page: answered from a per-process cache dropped on every change of a slot, with an ETag and Cache-Control: no-cache, so a poll holding the current answer gets a 304.',
  })
  @ApiOkResponse({
    description: 'Keyed by event, then by time slot.',
    schema: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: { $ref: getSchemaPath(SlotCapacityDto) },
      },
      example: {
        bucharest: {
          'Oct 30 - 7:30pm': {
            available: 12,
            registered: 8,
            waitingList: 0,
            limit: 20,
            status: 'open',
          },
        },
      },
    },
  })
  async capacity(@Res() response: Response): Promise<void> {
    // The JSON and its ETag are made when the figures change, not per request: Express sends
    // them as they are (its ETag is not computed again when one is set) and answers a poll
    // that holds them with a 304.
    const { json, etag } = await this.queryBus.execute(new GetCapacityQuery());
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.setHeader('ETag', etag);
    response.send(json);
  }
}
