import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { adminMetadata } from '../../auth/admin-actor';
import { AdminClock } from '../../auth/admin-clock';
import { fieldRefused, invitationGone, invitationInvalid } from '../../auth/admin-errors';
import { AdminSessions, type OpenedAdminSession } from '../../auth/admin-sessions';
import { invitationLive } from '../../auth/operator';
import { OperatorStore } from '../operator-store';
import { findOperatorByInvitation, isUuid } from '../../auth/operator-view';
import { hashPassphrase, passphraseFault } from '../domain/passphrase';
import { storeOperatorLocale, storePassphrase } from '../credentials/second-factors';
import { requestId } from '../../common/request-id';
import { APP_CONFIG } from '../../config/app-config.token';
import type { AppConfig } from '../../config/config';
import { InvalidLinkError } from '../../notifications/invalid-link-error';
import { VisitorLinks } from '../../notifications/visitor-links';
import type { InvitationDto } from '../operator-answers.dto';
import { sessionOrigin } from '../sign-in/operator-sign-in';
import { requestLocale } from '../request-locale';

/**
 * An invitation's link and joining with it. The link's token is signed like the visitors'
 * links (VisitorLinks, purpose `invitation`) and names the invitation; it is good once (joining
 * ends it), for 48 hours (its end is in the invitation's event), and not while the operator is
 * suspended. An altered token is a 400, a used or expired one a 410.
 */
@Injectable()
export class Invitations {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: AdminClock,
    private readonly links: VisitorLinks,
    private readonly sessions: AdminSessions,
    private readonly store: OperatorStore,
  ) {}

  /** The invitation a token names: 400 when altered. */
  private async invitationOf(token: unknown): Promise<string> {
    try {
      const invitationId = await this.links.subjectOf('invitation', token);
      if (!isUuid(invitationId)) throw invitationInvalid();
      return invitationId;
    } catch (error) {
      if (error instanceof InvalidLinkError) throw invitationInvalid();
      throw error;
    }
  }

  /** The invited operator of a live invitation: 410 once used, expired or suspended. */
  private async liveInvitation(invitationId: string) {
    const operator = await findOperatorByInvitation(this.dataSource, invitationId);
    const now = await this.clock.now(this.dataSource);
    if (
      !operator ||
      operator.state !== 'invited' ||
      !operator.email ||
      !operator.name ||
      !operator.invitationExpiresAt ||
      operator.invitationExpiresAt.getTime() <= now.getTime()
    ) {
      throw invitationGone();
    }
    return {
      ...operator,
      email: operator.email,
      name: operator.name,
      expiresAt: operator.invitationExpiresAt,
    };
  }

  async read(token: string): Promise<InvitationDto> {
    const operator = await this.liveInvitation(await this.invitationOf(token));
    return {
      email: operator.email,
      name: operator.name,
      role: operator.role,
      expiresAt: operator.expiresAt.toISOString(),
    };
  }

  /**
   * Joins with the invitation: the operator's name and passphrase, a session at once (which
   * needs a passkey or an authenticator app before anything else), OperatorJoined and
   * OperatorSignedIn, all in one transaction.
   */
  async join(
    request: Request,
    body: { token: string; name: string; passphrase: string },
  ): Promise<OpenedAdminSession> {
    const invitationId = await this.invitationOf(body.token);
    const found = await this.liveInvitation(invitationId);
    const fault = passphraseFault(body.passphrase, {
      name: `${body.name} ${found.name}`,
      email: found.email,
    });
    if (fault) throw fieldRefused('passphrase-weak', 'passphrase', fault);
    const passphraseHash = await hashPassphrase(body.passphrase);
    const name = body.name.trim();
    return this.store.transaction(async (manager) => {
      const loaded = await this.store.load(manager, found.id);
      const now = await this.clock.now(manager);
      if (!loaded.state || !invitationLive(loaded.state, invitationId, now)) {
        throw invitationGone();
      }
      await storePassphrase(manager, found.id, passphraseHash);
      await storeOperatorLocale(manager, found.id, requestLocale(request));
      const session = await this.sessions.open(
        { id: found.id, name, role: loaded.state.role, secondFactorRequired: true },
        sessionOrigin(request, this.config),
        manager,
      );
      await this.store.append(
        manager,
        loaded,
        [
          { type: 'OperatorJoined', data: { operatorId: found.id, name } },
          {
            type: 'OperatorSignedIn',
            data: { operatorId: found.id, sessionId: session.id, method: 'join' },
          },
        ],
        adminMetadata({
          sessionId: session.id,
          correlationId: requestId(request),
          operatorId: found.id,
        }),
      );
      return session;
    });
  }
}
