export type LinkPurpose = 'cancel' | 'offer' | 'move' | 'hand-on';

export const bookingKeys = {
  booking: (purpose: LinkPurpose, token: string) =>
    ['/api', 'registrations', purpose, 'booking', token] as const,
};
