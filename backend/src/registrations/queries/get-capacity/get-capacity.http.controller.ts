import { Controller, Get, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { answerCapacity, CAPACITY_CACHE_CONTROL } from './capacity-answer';
import { SlotCapacityDto } from './slot-capacity.response.dto';
import { GetCapacityQuery, type CapacityByEvent } from './get-capacity.query';

@ApiTags('registrations')
@ApiExtraModels(SlotCapacityDto)
@Controller()
export class GetCapacityHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('api/capacity')
  @ApiOperation({ summary: 'Seats and waiting list of every slot of the open events' })
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
  @ApiResponse({ status: 304, description: 'Unchanged since the ETag given in If-None-Match.' })
  async capacity(@Req() request: Request, @Res() response: Response): Promise<void> {
    const answer: CapacityByEvent = await this.queryBus.execute(new GetCapacityQuery());
    const body = Buffer.from(JSON.stringify(answer));
    const etag = (request.app.get('etag fn') as (body: Buffer, encoding: string) => string)(
      body,
      'utf8',
    );
    answerCapacity(request, response, body, [
      ['Cache-Control', CAPACITY_CACHE_CONTROL],
      ['Content-Type', 'application/json; charset=utf-8'],
      ['Content-Length', String(body.length)],
      ['ETag', etag],
    ]);
  }
}
