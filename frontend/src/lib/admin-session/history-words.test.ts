import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import en from '../../lang/admin/en.json';
import italian from '../../lang/admin/it.json';
import romanian from '../../lang/admin/ro.json';
import { eventTypeLabel, fieldLabel, historyDetails, valueLabel } from './history-details';

/**
 * Every type a registration's history can show, as the server declares it: the OpenAPI
 * document's RegistrationEventType, generated from the backend's REGISTRATION_EVENT_TYPES. A
 * new event type without words in each language fails here, not in front of an operator.
 */
const openapi = JSON.parse(
  readFileSync(join(__dirname, '../../../../openapi/openapi.json'), 'utf8'),
) as { components: { schemas: Record<string, { enum?: string[] }> } };
const EVENT_TYPES = openapi.components.schemas.RegistrationEventType?.enum ?? [];

const catalogues: Record<string, Record<string, string>> = { en, it: italian, ro: romanian };

describe('the history in words', () => {
  it('reads the event types from the API document', () => {
    expect(EVENT_TYPES).toEqual(expect.arrayContaining(['RegistrationCreated', 'CheckedIn']));
  });

  it.each(Object.keys(catalogues))('names every event type in %s', (language) => {
    const missing = EVENT_TYPES.filter((type) => !(eventTypeLabel(type) in catalogues[language]!));
    expect(missing).toEqual([]);
  });

  it('says a check-in in words, and hides the ids an operator cannot read', () => {
    const details = historyDetails({
      registrationId: 'r',
      checkedInAt: '2025-10-30T17:21:09.000Z',
      deviceTime: '2025-10-30T17:21:09.000Z',
      device: 'Door phone 1',
      via: 'ticket',
      keyId: 'mV3sYd0pE4yQx1aB',
    });
    expect(details.map((detail) => detail.field)).toEqual([
      'checkedInAt',
      'deviceTime',
      'device',
      'via',
    ]);
    for (const detail of details) expect(fieldLabel(detail.field)).toBeDefined();
    expect(valueLabel('via', 'ticket')).toBe('admin.history.via.ticket');
    expect(valueLabel('via', 'search')).toBe('admin.history.via.search');
    expect(valueLabel('by', 'visitor')).toBe('admin.actor.visitor');
  });

  it('names no session id in a sheet approval: the entry names the operator', () => {
    const details = historyDetails({
      registrationId: 'r',
      approvedBy: 'b0e91b80-5c0e-4d3a-9d7e-0a4c6f1b2e33',
      approvedAt: '2025-10-30T15:00:00.000Z',
      sheetDream: 'A corridor of doors.',
    });
    expect(details.map((detail) => detail.field)).toEqual(['approvedAt', 'sheetDream']);
  });
});
