export const confirmationKeys = {
  registration: (id: string) => ['/api', 'registrations', id] as const,
  payerRegistration: (sessionId: string) =>
    ['/api', 'checkout-sessions', sessionId, 'registration'] as const,
};
