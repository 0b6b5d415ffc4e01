export const confirmationKeys = {
  registration: (id: string) => ['/api', 'registrations', id] as const,
};
