import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiErrorDto } from '../../../common/api-error.dto';
import { requestId } from '../../../common/request-id';
import { ShareDreamCommand } from './share-dream.command';
import { ShareDreamRequestDto, ShareDreamResponseDto } from './share-dream.request.dto';

@ApiTags('registrations')
@Controller()
export class ShareDreamHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('api/registrations/:id/dreams')
  @HttpCode(201)
  @ApiOperation({ summary: 'Share a further dream after registering' })
  @ApiCreatedResponse({ type: ShareDreamResponseDto })
  @ApiBadRequestResponse({ type: ApiErrorDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  async share(
    @Param('id') id: string,
    @Body() body: ShareDreamRequestDto,
    @Req() request: Request,
  ): Promise<ShareDreamResponseDto> {
    const { dreamId } = await this.commandBus.execute(
      new ShareDreamCommand(id, body.dream, requestId(request)),
    );
    return { id: dreamId };
  }
}
