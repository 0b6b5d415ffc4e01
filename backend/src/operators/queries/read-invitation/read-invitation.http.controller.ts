import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InvitationRefused } from '../../../auth/admin-errors';
import { PublicQuery } from '../../../common/api-refusals';
import { InvitationDto } from '../../operator-answers.dto';
import { ReadInvitationQueryHandler } from './read-invitation.query-handler';

/** An invited operator's way in: what the invitation's link is for (no session yet). */
@ApiTags('admin')
@Controller('api/operators')
export class ReadInvitationHttpController {
  constructor(private readonly invitations: ReadInvitationQueryHandler) {}

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
}
