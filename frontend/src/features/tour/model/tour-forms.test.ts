import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TourEventAdmin } from '../api/get-tour';
import {
  EMPTY_EVENT,
  NAME_MAX_LENGTH,
  SLOT_NAME_MAX_LENGTH,
  SLUG,
  SLUG_MAX_LENGTH,
  addSlotRequest,
  announceRequest,
  editRequest,
  eventValues,
  minorToPrice,
  priceToMinor,
  validateEvent,
  validateSlot,
} from './tour-forms';

const CLUJ: TourEventAdmin = {
  slug: 'cluj',
  city: 'Cluj-Napoca',
  venue: 'Fabrica de Pensule',
  localised: { it: { city: 'Cluj' } },
  date: '2026-12-03',
  timeZone: 'Europe/Bucharest',
  status: 'open',
  priceMinor: 3500,
  currency: 'RON',
  automaticOffers: true,
  slots: [],
};

describe('the Tour page’s forms', () => {
  it('read a price in RON as minor units, and show minor units as a price', () => {
    expect(priceToMinor('35', 'RON')).toBe(3500);
    expect(priceToMinor(' 35,5 ', 'RON')).toBe(3550);
    expect(priceToMinor('35.05', 'RON')).toBe(3505);
    expect(priceToMinor('35.055', 'RON')).toBeNull();
    expect(priceToMinor('-3', 'RON')).toBeNull();
    expect(priceToMinor('35 RON', 'RON')).toBeNull();
    expect(minorToPrice(3500, 'RON')).toBe('35');
    expect(minorToPrice(3550, 'RON')).toBe('35.50');
  });

  it('read a price in its own currency: cents for EUR, whole yen', () => {
    expect(priceToMinor('30,5', 'EUR')).toBe(3050);
    expect(priceToMinor('3500', 'JPY')).toBe(3500);
    expect(priceToMinor('35.5', 'JPY')).toBeNull();
    expect(minorToPrice(3500, 'JPY')).toBe('3500');
    expect(minorToPrice(3050, 'EUR')).toBe('30.50');
  });

  it('mark every invalid field of an empty announcement, and none of a complete one', () => {
    expect(Object.keys(validateEvent({ ...EMPTY_EVENT }, true)).sort()).toEqual(
      ['city', 'currency', 'date', 'price', 'slug', 'venue'].sort(),
    );
    const values = {
      ...EMPTY_EVENT,
      currency: 'RON',
      slug: 'cluj',
      city: 'Cluj-Napoca',
      venue: 'Fabrica de Pensule',
      date: '2026-12-03',
      price: '35',
    };
    expect(validateEvent(values, true)).toEqual({});
    expect(validateEvent({ ...values, slug: 'Cluj Napoca' }, true).slug).toBe(
      'admin.tour.error.slugFormat',
    );
    expect(validateEvent({ ...values, date: '2026-02-30' }, true).date).toBe(
      'admin.tour.error.dateFormat',
    );
    expect(validateEvent({ ...values, price: '0' }, true).price).toBe(
      'admin.tour.error.priceFormat',
    );
    expect(validateEvent({ ...values, currency: 'euro' }, true).currency).toBe(
      'admin.tour.error.currencyFormat',
    );
    expect(validateEvent({ ...values, currency: 'jpy', price: '35.5' }, true).price).toBe(
      'admin.tour.error.priceWholeFormat',
    );
    // Editing never asks for the slug: it names the event for good.
    expect(validateEvent({ ...values, slug: '' }, false)).toEqual({});
  });

  it('send only the names given, trimmed, and the price in minor units', () => {
    expect(
      announceRequest({
        ...EMPTY_EVENT,
        slug: ' cluj ',
        city: 'Cluj-Napoca ',
        venue: 'Fabrica de Pensule',
        cityRo: 'Cluj-Napoca',
        date: '2026-12-03',
        price: '40,5',
        currency: ' eur',
      }),
    ).toEqual({
      slug: 'cluj',
      city: 'Cluj-Napoca',
      venue: 'Fabrica de Pensule',
      localised: { ro: { city: 'Cluj-Napoca' } },
      date: '2026-12-03',
      timeZone: 'Europe/Bucharest',
      priceMinor: 4050,
      currency: 'EUR',
      status: 'open',
    });
  });

  it('send in an edit only what changed', () => {
    expect(editRequest(CLUJ, eventValues(CLUJ))).toEqual({});
    expect(editRequest(CLUJ, { ...eventValues(CLUJ), price: '40', venueIt: 'Fabbrica' })).toEqual({
      priceMinor: 4000,
      localised: { it: { city: 'Cluj', venue: 'Fabbrica' } },
    });
    expect(editRequest(CLUJ, { ...eventValues(CLUJ), price: '30', currency: 'EUR' })).toEqual({
      priceMinor: 3000,
      currency: 'EUR',
    });
  });

  it('check a slot and send its start with the event’s offset', () => {
    expect(validateSlot({ startsAt: '', capacity: '0', time: '' }, 'Europe/Bucharest')).toEqual({
      startsAt: 'admin.tour.error.startRequired',
      capacity: 'admin.tour.error.capacityFormat',
    });
    expect(
      addSlotRequest(
        { startsAt: '2026-12-03T19:30', capacity: '20', time: '' },
        'Europe/Bucharest',
      ),
    ).toEqual({ startsAt: '2026-12-03T19:30:00+02:00', capacity: 20 });
  });
});

describe("the tour forms' rules", () => {
  const schemas = (
    JSON.parse(readFileSync(join(__dirname, '../../../../../openapi/openapi.json'), 'utf8')) as {
      components: {
        schemas: Record<
          string,
          { properties: Record<string, { maxLength?: number; pattern?: string }> }
        >;
      };
    }
  ).components.schemas;
  const announce = schemas.AnnounceEventRequestDto.properties;

  it("are the server's, as the OpenAPI document declares them", () => {
    expect({
      name: NAME_MAX_LENGTH,
      slug: SLUG_MAX_LENGTH,
      slugPattern: SLUG.source,
      slotName: SLOT_NAME_MAX_LENGTH,
    }).toEqual({
      name: announce.city.maxLength,
      slug: announce.slug.maxLength,
      slugPattern: announce.slug.pattern,
      slotName: schemas.AddSlotRequestDto.properties.time.maxLength,
    });
    expect(announce.venue.maxLength).toBe(NAME_MAX_LENGTH);
  });
});
