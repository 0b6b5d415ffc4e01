import { Body, Controller, Get, Header, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiErrorDto } from '../common/api-error.dto';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/config';
import { clientIdentityOf } from '../security/client-identity';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../auth/admin-cookies';
import { tooManyAttempts, wrongPassword } from '../auth/admin-errors';
import { passwordMatches } from './admin-password';
import { AdminSessionDto } from './admin-session.response.dto';
import { AdminSessions } from '../auth/admin-sessions';
import { LoginRequestDto } from './login.request.dto';
import { LoginThrottle } from './login-throttle';
import { SameOriginJson } from '../auth/admin-only.decorator';

@ApiTags('admin')
@Controller('api/admin')
export class AdminAuthHttpController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: AdminSessions,
    private readonly throttle: LoginThrottle,
  ) {}

  @Post('login')
  @HttpCode(200)
  @SameOriginJson()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'logIn',
    summary: 'Log in as the operator',
    description:
      'Sets the HttpOnly, SameSite=Strict session cookie `admin_session` (Secure behind https). Five failures from one address within 15 minutes block that address for the rest of the window.',
  })
  @ApiOkResponse({
    type: AdminSessionDto,
    headers: {
      'Set-Cookie': {
        description:
          '`admin_session=<token>; Path=/; HttpOnly; SameSite=Strict` (and `Secure` behind https): the session that the admin-session scheme names.',
        schema: { type: 'string' },
      },
    },
  })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'An empty password.' })
  @ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'A wrong password.' })
  @ApiTooManyRequestsResponse({
    type: ApiErrorDto,
    description: 'Too many failures from this address; see Retry-After.',
  })
  async login(
    @Body() body: LoginRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminSessionDto> {
    const client = clientIdentityOf(request, this.config.clientIpv6PrefixLength);
    const result = await this.throttle.attempt(client, () =>
      passwordMatches(body.password, this.config.adminPassword),
    );
    if (result.outcome === 'throttled') {
      response.setHeader('Retry-After', String(result.retryAfterSeconds));
      throw tooManyAttempts();
    }
    if (result.outcome === 'rejected') throw wrongPassword();
    const session = await this.sessions.open();
    setSessionCookie(response, this.config, session.token, session.expiresAt, session.now);
    return { authenticated: true, expiresAt: session.expiresAt.toISOString() };
  }

  @Post('logout')
  @HttpCode(204)
  @SameOriginJson()
  @ApiOperation({
    operationId: 'logOut',
    summary: 'End the operator session on the server and clear its cookie',
    description: 'The session cannot be used again from anywhere, even with a copy of its cookie.',
  })
  @ApiNoContentResponse({
    description: 'Logged out (also when there was no session).',
    headers: {
      'Set-Cookie': {
        description: '`admin_session=; Expires=Thu, 01 Jan 1970 00:00:00 GMT`: the cookie cleared.',
        schema: { type: 'string' },
      },
    },
  })
  async logout(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    await this.sessions.end(readSessionCookie(request));
    clearSessionCookie(response, this.config);
  }

  @Get('session')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'getAdminSession',
    summary: 'Whether the cookie is a live operator session',
    description: 'Lets the console survive a page reload. Always 200.',
  })
  @ApiOkResponse({ type: AdminSessionDto })
  async session(@Req() request: Request): Promise<AdminSessionDto> {
    const session = await this.sessions.find(readSessionCookie(request));
    return session
      ? { authenticated: true, expiresAt: session.expiresAt.toISOString() }
      : { authenticated: false };
  }
}
