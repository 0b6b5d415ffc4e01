import { Body, Controller, Get, Header, Inject, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiGoneResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { SameOriginJson } from '../../auth/admin-only.decorator';
import { ApiErrorDto } from '../../common/api-error.dto';
import { APP_CONFIG } from '../../config/app-config.token';
import type { AppConfig } from '../../config/config';
import { AdminSessionDto } from '../sign-in/admin-session.response.dto';
import { Invitations } from './invitations';
import { InvitationDto } from '../operator-answers.dto';
import { JoinRequestDto } from '../operator-requests.dto';
import { answerOpenedSession } from '../sign-in/session-answer';

const GONE = '`This invitation has been used or has expired.`';

/** An invited operator's way in: the invitation's link, and joining with it (no session yet). */
@ApiTags('admin')
@Controller('api/operators')
export class JoinHttpController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly invitations: Invitations,
  ) {}

  @Get('invitations/:token')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'getInvitation',
    summary: 'What an invitation is for',
    description: 'The email, name and role it was made for, and when it ends.',
  })
  @ApiOkResponse({ type: InvitationDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: '`This invitation link is not valid.`' })
  @ApiGoneResponse({ type: ApiErrorDto, description: GONE })
  invitation(@Param('token') token: string): Promise<InvitationDto> {
    return this.invitations.read(token);
  }

  @Post('join')
  @SameOriginJson()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'joinAsOperator',
    summary: 'Join with an invitation: a name and a passphrase',
    description:
      'Records OperatorJoined and opens a session (the `admin_session` cookie) that must add a passkey or an authenticator app before anything else (`secondFactorRequired: true`). The passphrase: at least 12 characters, none of the common passwords; kept as a scrypt hash with a salt of its own.',
  })
  @ApiCreatedResponse({ type: AdminSessionDto })
  @ApiBadRequestResponse({
    type: ApiErrorDto,
    description:
      'The link was altered (`This invitation link is not valid.`), or the passphrase is refused: a field error on `passphrase`, `Use at least 12 characters.` or `This passphrase is too common.`',
  })
  @ApiGoneResponse({ type: ApiErrorDto, description: GONE })
  async join(
    @Body() body: JoinRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminSessionDto> {
    const session = await this.invitations.join(request, body);
    return answerOpenedSession(response, this.config, session);
  }
}
