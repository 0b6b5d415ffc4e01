import { Body, Controller, Get, Header, Inject, Post, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
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
import { VisitorCommand } from '../../common/api-refusals';
import { only } from '../../common/domain-error';
import { SignInRefused, SignInThrottledError } from '../../auth/admin-errors';

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
  @SameOriginJson()
  @Header('Cache-Control', 'no-store')
  @VisitorCommand({
    operationId: 'logIn',
    summary: 'Log in as the operator',
    description:
      "The owner's login (ADMIN_PASSWORD). Sets the HttpOnly, SameSite=Strict session cookie `admin_session` (Secure behind https). Five failures within 15 minutes from one client network (an IPv4 address or an IPv6 /64), or on the owner's account from anywhere, close that network or the account for the rest of the window; a success clears only the account's own failures. Recorded in the log: OwnerSignedIn, OwnerSignInFailed, OwnerLockedOut.",
    refusals: [
      only(SignInRefused, 'wrong-password'),
      only(SignInThrottledError, 'sign-in-throttled'),
    ],
  })
  @ApiOkResponse({ type: AdminSessionDto, headers: SET_COOKIE })
  async login(
    @Body() body: LoginRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminSessionDto> {
    const session = await this.ownerSignIn.withPassword(request, body.password);
    return answerOpenedSession(response, this.config, session);
  }

  @Post('login/operator')
  @SameOriginJson()
  @Header('Cache-Control', 'no-store')
  @VisitorCommand({
    operationId: 'logInAsOperator',
    summary: 'Sign in as an invited operator: email, passphrase and a second factor',
    description:
      "`code` is the 6-digit code of the operator's authenticator app (one step either side is accepted, each step once) or one of the recovery codes (`xxxxx-xxxxx`, each good once). Sets the `admin_session` cookie. Five failures within 15 minutes, from one address or on one account, block that address or account for the rest of the window. A suspended operator is answered as a wrong passphrase.",
    refusals: [
      only(SignInRefused, 'wrong-credentials'),
      only(SignInThrottledError, 'sign-in-throttled'),
    ],
  })
  @ApiOkResponse({ type: AdminSessionDto, headers: SET_COOKIE })
  async loginAsOperator(
    @Body() body: OperatorLoginRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminSessionDto> {
    const session = await this.signIn.withPassphrase(request, body);
    return answerOpenedSession(response, this.config, session);
  }

  @Post('login/passkey/options')
  @SameOriginJson()
  @Header('Cache-Control', 'no-store')
  @VisitorCommand({
    operationId: 'passkeySignInOptions',
    summary: 'Start signing in with a passkey',
    description:
      "The options for the browser's WebAuthn call (discoverable credentials: no email needed). The challenge is kept on the server for five minutes and is good once. " +
      `One address may start ${PASSKEY_SIGN_INS_PER_ADDRESS.limit} passkey sign-ins in ${PASSKEY_SIGN_INS_PER_ADDRESS.windowSeconds / 60} minutes.`,
    refusals: [only(SignInThrottledError, 'passkey-sign-ins-throttled')],
  })
  @ApiBody({ type: EmptyRequestDto })
  @ApiOkResponse({ type: PasskeyRequestOptionsDto })
  passkeyOptions(
    @Body() _body: EmptyRequestDto,
    @Req() request: Request,
  ): Promise<PasskeyRequestOptionsDto> {
    return this.signIn.passkeyOptions(request);
  }

  @Post('login/passkey')
  @SameOriginJson()
  @Header('Cache-Control', 'no-store')
  @VisitorCommand({
    operationId: 'logInWithPasskey',
    summary: 'Sign in with a passkey',
    description:
      "The browser's answer to the options' challenge. Sets the `admin_session` cookie. Refused when the challenge is unknown, used or past its five minutes, the passkey unknown or its operator not active, the signature wrong, or the authenticator's signature counter not past the last one seen (a cloned or replayed key).",
    refusals: [only(SignInRefused, 'passkey-refused')],
  })
  @ApiOkResponse({ type: AdminSessionDto, headers: SET_COOKIE })
  async loginWithPasskey(
    @Body() body: PasskeyLoginRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminSessionDto> {
    const session = await this.signIn.withPasskey(request, body);
    return answerOpenedSession(response, this.config, session);
  }

  @Post('logout')
  @SameOriginJson()
  @VisitorCommand({
    operationId: 'logOut',
    summary: 'End the operator session on the server and clear its cookie',
    description:
      "The session cannot be used again from anywhere, even with a copy of its cookie. An invited operator's sign-out is recorded in their stream (OperatorSignedOut).",
    status: 204,
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
