import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AdminClock } from '../../../auth/admin-clock';
import { invitationGone, invitationInvalid } from '../../../auth/admin-errors';
import { findOperatorByInvitation, isUuid } from '../../../auth/operator-view';
import { InvalidLinkError } from '../../../notifications/invalid-link-error';
import { VisitorLinks } from '../../../notifications/visitor-links';
import { LiveTour } from '../../../tour/live-tour';
import type { InvitationDto } from '../../operator-answers.dto';

/**
 * An invitation's link read. The link's token is signed like the visitors' links (VisitorLinks,
 * purpose `invitation`) and names the invitation; it is good once (joining ends it), for 48
 * hours (its end is in the invitation's event), and not while the operator is suspended. An
 * altered token is a 400, a used or expired one a 410. Joining reads the invitation here too.
 */
@Injectable()
export class ReadInvitationQueryHandler {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly clock: AdminClock,
    private readonly links: VisitorLinks,
    private readonly tour: LiveTour,
  ) {}

  async read(token: string): Promise<InvitationDto> {
    const { operator } = await this.liveInvitation(token);
    return {
      email: operator.email,
      name: operator.name,
      role: operator.role,
      expiresAt: operator.expiresAt.toISOString(),
      ...(this.tour.timeZone ? { timeZone: this.tour.timeZone } : {}),
    };
  }

  /** The invitation a token names and its invited operator: 400 when altered, 410 once gone. */
  async liveInvitation(token: unknown) {
    const invitationId = await this.invitationOf(token);
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
      invitationId,
      operator: {
        ...operator,
        email: operator.email,
        name: operator.name,
        expiresAt: operator.invitationExpiresAt,
      },
    };
  }

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
}
