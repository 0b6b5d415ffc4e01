import { Body, Controller, Get, Header, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiErrorDto } from '../../common/api-error.dto';
import { APP_CONFIG } from '../../config/app-config.token';
import type { AppConfig } from '../../config/config';
import { clearSessionCookie, readSessionCookie } from '../../auth/admin-cookies';
import { AdminSessionDto } from './admin-session.response.dto';
import { AdminSessions } from '../../auth/admin-sessions';
import { PasskeyRequestOptionsDto } from '../operator-answers.dto';
import {
  EmptyRequestDto,
  OperatorLoginRequestDto,
  PasskeyLoginRequestDto,
} from '../operator-requests.dto';
import { OperatorSignIn, PASSKEY_SIGN_INS_PER_ADDRESS } from './operator-sign-in';
import { OwnerSignIn } from './owner-sign-in';
import { answerOpenedSession, sessionAnswer } from './session-answer';

/** The session cookie a sign-in sets. */
const SET_COOKIE = {
  'Set-Cookie': {
    description:
      '`admin_session=<token>; Path=/; HttpOnly; SameSite=Strict` (and `Secure` behind https): the session that the admin-session scheme names.',
    schema: { type: 'string' as const },
  },
};
import { LoginRequestDto } from './login.request.dto';
import { SameOriginJson } from '../../auth/admin-only.decorator';

@ApiTags('admin')
@Controller('api/admin')
export class AdminAuthHttpController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: AdminSessions,
    private readonly ownerSignIn: OwnerSignIn,
    private readonly signIn: OperatorSignIn,
  ) {}

  @Post('login')
  @HttpCode(200)
  @SameOriginJson()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'logIn',
    summary: 'Log in as the operator',
    description:
      "The owner's login (ADMIN_PASSWORD). Sets the HttpOnly, SameSite=Strict session cookie `admin_session` (Secure behind https). Five failures within 15 minutes from one client network (an IPv4 address or an IPv6 /64), or on the owner's account from anywhere, close that network or the account for the rest of the window; a success clears only the account's own failures. Recorded in the log: OwnerSignedIn, OwnerSignInFailed, OwnerLockedOut.",
  })
  @ApiOkResponse({ type: AdminSessionDto, headers: SET_COOKIE })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'An empty password.' })
  @ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'A wrong password.' })
  @ApiTooManyRequestsResponse({
    type: ApiErrorDto,
    description: 'Too many failures from this network or on this account; see Retry-After.',
  })
  async login(
    @Body() body: LoginRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminSessionDto> {
    const session = await this.ownerSignIn.withPassword(request, body.password);
    return answerOpenedSession(response, this.config, session);
  }

  @Post('login/operator')
  @HttpCode(200)
  @SameOriginJson()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'logInAsOperator',
    summary: 'Sign in as an invited operator: email, passphrase and a second factor',
    description:
      "`code` is the 6-digit code of the operator's authenticator app (one step either side is accepted, each step once) or one of the recovery codes (`xxxxx-xxxxx`, each good once). Sets the `admin_session` cookie. Five failures within 15 minutes, from one address or on one account, block that address or account for the rest of the window. A suspended operator is answered as a wrong passphrase.",
  })
  @ApiOkResponse({ type: AdminSessionDto, headers: SET_COOKIE })
  @ApiUnauthorizedResponse({ type: ApiErrorDto, description: '`Wrong email, passphrase or code.`' })
  @ApiTooManyRequestsResponse({
    type: ApiErrorDto,
    description: 'Too many failures from this address or on this account; see Retry-After.',
  })
  async loginAsOperator(
    @Body() body: OperatorLoginRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminSessionDto> {
    const session = await this.signIn.withPassphrase(request, body);
    return answerOpenedSession(response, this.config, session);
  }

  @Post('login/passkey/options')
  @HttpCode(200)
  @SameOriginJson()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'passkeySignInOptions',
    summary: 'Start signing in with a passkey',
    description:
      "The options for the browser's WebAuthn call (discoverable credentials: no email needed). The challenge is kept on the server for five minutes and is good once. " +
      `One address may start ${PASSKEY_SIGN_INS_PER_ADDRESS.limit} passkey sign-ins in ${PASSKEY_SIGN_INS_PER_ADDRESS.windowSeconds / 60} minutes.`,
  })
  @ApiBody({ type: EmptyRequestDto })
  @ApiOkResponse({ type: PasskeyRequestOptionsDto })
  @ApiTooManyRequestsResponse({
    type: ApiErrorDto,
    description: 'Too many passkey sign-ins started from this address; see Retry-After.',
  })
  passkeyOptions(
    @Body() _body: EmptyRequestDto,
    @Req() request: Request,
  ): Promise<PasskeyRequestOptionsDto> {
    return this.signIn.passkeyOptions(request);
  }

  @Post('login/passkey')
  @HttpCode(200)
  @SameOriginJson()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'logInWithPasskey',
    summary: 'Sign in with a passkey',
    description:
      "The browser's answer to the options' challenge. Sets the `admin_session` cookie. Refused when the challenge is unknown, used or past its five minutes, the passkey unknown or its operator not active, the signature wrong, or the authenticator's signature counter not past the last one seen (a cloned or replayed key).",
  })
  @ApiOkResponse({ type: AdminSessionDto, headers: SET_COOKIE })
  @ApiUnauthorizedResponse({ type: ApiErrorDto, description: '`This passkey was not accepted.`' })
  async loginWithPasskey(
    @Body() body: PasskeyLoginRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminSessionDto> {
    const session = await this.signIn.withPasskey(request, body);
    return answerOpenedSession(response, this.config, session);
  }

  @Post('logout')
  @HttpCode(204)
  @SameOriginJson()
  @ApiOperation({
    operationId: 'logOut',
    summary: 'End the operator session on the server and clear its cookie',
    description:
      "The session cannot be used again from anywhere, even with a copy of its cookie. An invited operator's sign-out is recorded in their stream (OperatorSignedOut).",
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
    await this.signIn.signOut(request, readSessionCookie(request));
    clearSessionCookie(response, this.config);
  }

  @Get('session')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'getAdminSession',
    summary: 'Whether the cookie is a live operator session, and whose',
    description:
      "Lets the console survive a page reload and show only what the role may do: the operator (the password's owner is `{ id: 'owner', name: 'Owner', role: 'owner' }`), the role's permissions, and whether a second factor must be added first. Always 200.",
  })
  @ApiOkResponse({ type: AdminSessionDto })
  async session(@Req() request: Request): Promise<AdminSessionDto> {
    return sessionAnswer(await this.sessions.find(readSessionCookie(request)));
  }
}
