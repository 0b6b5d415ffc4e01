import { historyActor, historyDetails } from './history-details';

describe('history details', () => {
  it('lists what an event carries, without the ids', () => {
    expect(historyDetails({ registrationId: 'r', paid: true, dream: 'A dream' })).toEqual([
      { field: 'paid', value: true, erased: false },
      { field: 'dream', value: 'A dream', erased: false },
    ]);
  });

  it('marks the personal fields a delete erased', () => {
    expect(historyDetails({ event: 'bucharest' }, ['name', 'email'])).toEqual([
      { field: 'event', value: 'bucharest', erased: false },
      { field: 'name', value: '', erased: true },
      { field: 'email', value: '', erased: true },
    ]);
  });

  it('names the known actors', () => {
    expect(historyActor('admin')).toEqual({ key: 'admin.actor.admin', raw: 'admin' });
    expect(historyActor('payment-provider').key).toBe('admin.actor.paymentProvider');
    expect(historyActor('import').key).toBe('admin.actor.import');
    expect(historyActor('robot')).toEqual({ raw: 'robot' });
  });
});
