/** Query keys of the registration feature; the default fetcher can read them as paths. */
export const registrationKeys = {
  all: ['/api'] as const,
  capacity: () => ['/api', 'capacity'] as const,
};
