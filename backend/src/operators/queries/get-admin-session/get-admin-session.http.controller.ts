import { Controller, Get, Header, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { readSessionCookie } from '../../../auth/admin-cookies';
import { AdminSessionDto } from '../../sign-in/admin-session.response.dto';
import { GetAdminSessionQueryHandler } from './get-admin-session.query-handler';

/** The console's check of its session cookie, on every page load. */
@ApiTags('admin')
@Controller('api/admin')
export class GetAdminSessionHttpController {
  constructor(private readonly sessions: GetAdminSessionQueryHandler) {}

  @Get('session')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'getAdminSession',
    summary: 'Whether the cookie is a live operator session, and whose',
    description:
      "Lets the console survive a page reload and show only what the role may do: the operator (the password's owner is `{ id: 'owner', name: 'Owner', role: 'owner' }`), the role's permissions, and whether a second factor must be added first. Always 200.",
  })
  @ApiOkResponse({ type: AdminSessionDto })
  session(@Req() request: Request): Promise<AdminSessionDto> {
    return this.sessions.read(readSessionCookie(request));
  }
}
