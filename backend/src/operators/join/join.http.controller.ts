import { Body, Controller, Get, Header, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { SameOriginJson } from '../../auth/admin-only.decorator';
import { APP_CONFIG } from '../../config/app-config.token';
import type { AppConfig } from '../../config/config';
import { AdminSessionDto } from '../sign-in/admin-session.response.dto';
import { Invitations } from './invitations';
import { InvitationDto } from '../operator-answers.dto';
import { JoinRequestDto } from '../operator-requests.dto';
import { answerOpenedSession } from '../sign-in/session-answer';
import { PublicQuery, VisitorCommand } from '../../common/api-refusals';
import { only } from '../../common/domain-error';
import { InvitationRefused, OperatorFieldRefused } from '../../auth/admin-errors';

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
  @PublicQuery({
    operationId: 'getInvitation',
    summary: 'What an invitation is for',
    description: 'The email, name and role it was made for, and when it ends.',
    ok: InvitationDto,
    refusals: [InvitationRefused],
  })
  invitation(@Param('token') token: string): Promise<InvitationDto> {
    return this.invitations.read(token);
  }

  @Post('join')
  @SameOriginJson()
  @Header('Cache-Control', 'no-store')
  @VisitorCommand({
    operationId: 'joinAsOperator',
    summary: 'Join with an invitation: a name and a passphrase',
    description:
      'Records OperatorJoined and opens a session (the `admin_session` cookie) that must add a passkey or an authenticator app before anything else (`secondFactorRequired: true`). The passphrase: at least 12 characters, none of the common passwords; kept as a scrypt hash with a salt of its own.',
    status: 201,
    ok: AdminSessionDto,
    refusals: [InvitationRefused, only(OperatorFieldRefused, 'passphrase-weak')],
  })
  async join(
    @Body() body: JoinRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminSessionDto> {
    const session = await this.invitations.join(request, body);
    return answerOpenedSession(response, this.config, session);
  }
}
