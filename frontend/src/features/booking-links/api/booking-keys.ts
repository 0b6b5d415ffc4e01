export type LinkPurpose = 'cancel' | 'offer';

export const bookingKeys = {
  booking: (purpose: LinkPurpose, token: string) =>
    ['/api', 'registrations', purpose, 'booking', token] as const,
};
