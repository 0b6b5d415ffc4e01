export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
  ) {
    super(`Stream ${streamId} is no longer at version ${expectedVersion}`);
    this.name = 'ConcurrencyError';
  }
}
