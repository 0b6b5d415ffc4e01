import { DREAM_MAX_CHARACTERS } from '../../../../../backend/src/registrations/domain/registration-rules';
import { STORED_PER_CHARACTER as SERVER_STORED_PER_CHARACTER } from '../../../../../backend/src/common/text';
import {
  DREAM_MAX_LENGTH,
  STORED_PER_CHARACTER,
  canSubmit,
  dreamLength,
  validateField,
  validateRegistration,
} from './registration-rules';
import type { RegistrationValues } from './registration-rules';

const valid: RegistrationValues = {
  name: 'Ana',
  email: 'ana@example.com',
  whatsapp: '+40 712 345 678',
  event: 'bucharest',
  time: 'Oct 30 - 7:30pm',
  dream: 'x'.repeat(100),
};

describe('registration rules', () => {
  it('accepts a complete registration', () => {
    expect(validateRegistration(valid)).toEqual({});
    expect(canSubmit(valid)).toBe(true);
  });

  it.each([
    ['name', '  ', 'form.error.name'],
    ['email', 'not-an-email', 'form.error.email'],
    ['email', '', 'form.error.email'],
    ['whatsapp', '', 'form.error.whatsapp'],
    ['event', 'matera', 'form.error.event'],
    ['time', '', 'form.error.time'],
    ['dream', 'x'.repeat(99), 'form.error.dream'],
    ['dream', 'x'.repeat(5001), 'form.error.dreamLong'],
    // 110 letters a person sees, 10,010 characters stored.
    ['dream', `${'x'.repeat(110)}${'\u200b'.repeat(9900)}`, 'form.error.dreamLong'],
    ['dream', `${'x'.repeat(110)}${'\u200b'.repeat(4900)}`, null],
    ['email', `${'a'.repeat(65)}@example.com`, 'form.error.email'],
  ] as const)('%s = %j gives %s', (field, value, message) => {
    expect(validateField(field, { ...valid, [field]: value })).toBe(message);
  });

  it('bounds the dream as the server does, as seen and as stored', () => {
    expect(DREAM_MAX_LENGTH).toBe(DREAM_MAX_CHARACTERS);
    expect(STORED_PER_CHARACTER).toBe(SERVER_STORED_PER_CHARACTER);
  });

  it('checks the phone by the phone rule once it has loaded', () => {
    const isPhone = (phone: string) => phone.startsWith('+');
    expect(validateField('whatsapp', { ...valid, whatsapp: 'call me maybe' })).toBeNull();
    expect(
      validateField('whatsapp', { ...valid, whatsapp: 'call me maybe' }, undefined, isPhone),
    ).toBe('form.error.whatsappInvalid');
    expect(
      validateField('whatsapp', { ...valid, whatsapp: ' +40 1 ' }, undefined, isPhone),
    ).toBeNull();
    expect(validateField('whatsapp', { ...valid, whatsapp: '' }, undefined, isPhone)).toBe(
      'form.error.whatsapp',
    );
  });

  it('takes any event the tour has open, and no other', () => {
    const cluj = { ...valid, event: 'cluj', time: 'Dec 3 - 7:30pm' };
    expect(validateRegistration(cluj, ['bucharest', 'cluj'])).toEqual({});
    expect(validateField('event', cluj, ['bucharest'])).toBe('form.error.event');
    expect(validateField('event', valid, ['cluj'])).toBe('form.error.event');
  });

  it('counts the dream as a person does, after trimming', () => {
    expect(dreamLength('  hello  ')).toBe(5);
    expect(dreamLength('👩‍👩‍👧')).toBe(1);
    expect(canSubmit({ ...valid, dream: ` ${'x'.repeat(99)} ` })).toBe(false);
  });

  it('enables submit only when name, email, phone and time are filled and the dream is long enough', () => {
    expect(canSubmit({ ...valid, name: '' })).toBe(false);
    expect(canSubmit({ ...valid, email: ' ' })).toBe(false);
    expect(canSubmit({ ...valid, whatsapp: '' })).toBe(false);
    expect(canSubmit({ ...valid, time: '' })).toBe(false);
    expect(canSubmit({ ...valid, dream: 'short' })).toBe(false);
  });
});
