/** Domain errors; one exception filter maps each to its HTTP answer. */
export abstract class RegistrationError extends Error {
  abstract readonly kind: 'not-found' | 'conflict' | 'invalid' | 'unavailable';
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class RegistrationNotFoundError extends RegistrationError {
  readonly kind = 'not-found';
  constructor() {
    super('Registration not found');
  }
}

export class DuplicateRegistrationError extends RegistrationError {
  readonly kind = 'conflict';
  constructor() {
    super('You have already registered for this event with this email address.', 'email');
  }
}

export class EventNotOpenError extends RegistrationError {
  readonly kind = 'invalid';
  constructor() {
    super('Only Bucharest event is available', 'event');
  }
}

export class SlotNotOpenError extends RegistrationError {
  readonly kind = 'invalid';
  constructor(reason: 'unknown' | 'closed') {
    super(
      reason === 'unknown'
        ? 'Please select a time slot'
        : 'This time slot is closed for registration',
      'time',
    );
  }
}

export class SlotFullError extends RegistrationError {
  readonly kind = 'conflict';
  constructor() {
    super('This time slot is full.');
  }
}

export class InvalidTransitionError extends RegistrationError {
  readonly kind = 'conflict';
}

export class SharedDreamLimitError extends RegistrationError {
  readonly kind = 'conflict';
  constructor(limit: number) {
    super(`This registration has already shared ${limit} dreams, the most it may`, 'dream');
  }
}
