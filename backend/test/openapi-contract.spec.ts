import { contractViolation, findOperation } from './openapi-contract';

/** The checker every HTTP test's answers go through must itself tell a broken answer. */
describe('the answers checked against openapi/openapi.json', () => {
  const capacity = { method: 'GET', path: '/api/capacity', contentType: 'application/json' };
  const slot = { available: 12, registered: 8, waitingList: 0, limit: 20, status: 'open' };

  it('passes an answer as declared', () => {
    const text = JSON.stringify({ bucharest: { 'Oct 30 - 7:30pm': slot } });
    expect(contractViolation({ ...capacity, status: 200, text })).toBeUndefined();
    expect(contractViolation({ ...capacity, status: 304, text: '' })).toBeUndefined();
  });

  it('fails a status the operation does not declare', () => {
    expect(contractViolation({ ...capacity, status: 418, text: '{}' })).toMatch(
      /answered 418, which the document does not declare/,
    );
  });

  it('fails a body that breaks its schema: a wrong type, a missing field, a fraction', () => {
    for (const broken of [
      { ...slot, available: 'many' },
      { ...slot, limit: undefined },
      { ...slot, registered: 8.5 },
    ]) {
      const text = JSON.stringify({ bucharest: { 'Oct 30 - 7:30pm': broken } });
      expect(contractViolation({ ...capacity, status: 200, text })).toMatch(/breaks its schema/);
    }
  });

  it('fails an error in another shape, or in a content type not declared for it', () => {
    expect(
      contractViolation({ ...capacity, status: 503, text: JSON.stringify({ error: 'down' }) }),
    ).toMatch(/breaks its schema/);
    expect(
      contractViolation({
        method: 'GET',
        path: '/api/admin/registrations/export',
        status: 400,
        contentType: 'text/csv',
        text: 'oops',
      }),
    ).toMatch(/as text\/csv, which the document does not declare/);
  });

  it('finds the operation by method and path, a named route before a parameter', () => {
    expect(findOperation('POST', '/api/registrations/cancel')?.template).toBe(
      '/api/registrations/cancel',
    );
    expect(findOperation('DELETE', '/api/registrations/abc')?.template).toBe(
      '/api/registrations/{id}',
    );
    expect(findOperation('GET', '/polaroid')).toBeUndefined();
    expect(
      contractViolation({
        method: 'GET',
        path: '/nowhere',
        status: 500,
        contentType: null,
        text: '',
      }),
    ).toBeUndefined();
  });
});
