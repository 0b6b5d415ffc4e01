import { Controller, Get, Header } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ApiExtraModels,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { SlotCapacityDto } from './slot-capacity.response.dto';
import { GetCapacityQuery, type CapacityByEvent } from './get-capacity.query';

@ApiTags('registrations')
@ApiExtraModels(SlotCapacityDto)
@Controller()
export class GetCapacityHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('api/capacity')
  // Every page polls it: a browser may keep the answer but asks again each time, with the ETag
  // Express gives every answer, and one that did not change costs a 304 without a body.
  @Header('Cache-Control', 'no-cache')
  @ApiOperation({
    operationId: 'getCapacity',
    summary: 'Seats and waiting list of every slot of the open events',
  })
  @ApiHeader({
    name: 'If-None-Match',
    required: false,
    description: 'The ETag of an answer held: 304 while it is still the answer.',
  })
  @ApiOkResponse({
    description: 'Keyed by event, then by time slot.',
    headers: {
      ETag: {
        description:
          'The version of this answer: send it back in If-None-Match to get a 304 while it holds.',
        schema: { type: 'string' },
      },
    },
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
  @ApiResponse({
    status: 304,
    description: 'Unchanged since the ETag given in If-None-Match.',
    headers: {
      ETag: {
        description:
          'The version of this answer: send it back in If-None-Match to get a 304 while it holds.',
        schema: { type: 'string' },
      },
    },
  })
  capacity(): Promise<CapacityByEvent> {
    return this.queryBus.execute(new GetCapacityQuery());
  }
}
