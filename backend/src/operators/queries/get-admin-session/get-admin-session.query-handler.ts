import { Injectable } from '@nestjs/common';
import { AdminSessions } from '../../../auth/admin-sessions';
import type { AdminSessionDto } from '../../sign-in/admin-session.response.dto';
import { sessionAnswer } from '../../sign-in/session-answer';

/** Whether a session cookie's token is a live session, and whose (never refused). */
@Injectable()
export class GetAdminSessionQueryHandler {
  constructor(private readonly sessions: AdminSessions) {}

  async read(token: string | undefined): Promise<AdminSessionDto> {
    return sessionAnswer(await this.sessions.find(token));
  }
}
