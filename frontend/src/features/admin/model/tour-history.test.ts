import { tourDetails, tourEntryType } from './tour-history';

describe('the tour history in the operator’s words', () => {
  it('names the known entry types and leaves an unknown one to be shown as it is', () => {
    expect(tourEntryType('SlotCapacityChanged')).toBe('admin.tourType.SlotCapacityChanged');
    expect(tourEntryType('SomethingNew')).toBeUndefined();
  });

  it('lays the details out field by field, each kind of value for its own formatting', () => {
    expect(
      tourDetails({
        time: 'Dec 3 - 7:30pm',
        capacity: 24,
        priceMinor: 4000,
        automaticOffers: false,
        startsAt: '2026-12-03T17:30:00.000Z',
        status: 'coming-soon',
        localised: { it: { city: 'Cluj' } },
        previous: { capacity: 20 },
        empty: null,
      }),
    ).toEqual([
      {
        path: 'time',
        label: 'admin.tour.field.slotName',
        value: { kind: 'text', text: 'Dec 3 - 7:30pm' },
      },
      { path: 'capacity', label: 'admin.tour.field.capacity', value: { kind: 'text', text: '24' } },
      {
        path: 'priceMinor',
        label: 'admin.tour.field.price',
        value: { kind: 'money', minor: 4000 },
      },
      {
        path: 'automaticOffers',
        label: 'admin.tour.field.automaticOffers',
        value: { kind: 'yesNo', value: false },
      },
      {
        path: 'startsAt',
        label: 'admin.tour.field.start',
        value: { kind: 'instant', iso: '2026-12-03T17:30:00.000Z' },
      },
      {
        path: 'status',
        label: 'admin.tour.field.status',
        value: { kind: 'message', key: 'admin.tour.status.comingSoon' },
      },
      {
        path: 'localised.it.city',
        label: 'admin.tour.field.cityIt',
        value: { kind: 'text', text: 'Cluj' },
      },
      {
        path: 'previous.capacity',
        label: 'admin.tour.field.capacity',
        value: { kind: 'text', text: '20' },
      },
    ]);
  });
});
