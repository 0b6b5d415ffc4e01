import { fakeFetch } from '../test/render';
import { apiGet, apiPost, fetchByQueryKey } from './api-client';
import { HttpError } from './http-error';
import { createQueryClient } from './query-client';

describe('API client', () => {
  it('GETs the query key joined by slashes, with cookies', async () => {
    const calls = fakeFetch(() => ({ body: { ok: 1 } }));
    await expect(fetchByQueryKey({ queryKey: ['/api', 'registrations', 'r-1'] })).resolves.toEqual({
      ok: 1,
    });
    expect(calls[0]).toMatchObject({
      method: 'GET',
      url: '/api/registrations/r-1',
      credentials: 'include',
    });
  });

  it('sends a JSON body only when there is one and fills path parameters', async () => {
    const calls = fakeFetch(() => ({ status: 201, body: { id: 'e-1' } }));
    await apiPost('/api/registrations/{id}/dreams', {
      params: { id: 'a b' },
      body: { dream: 'x'.repeat(10) },
    });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/registrations/a%20b/dreams',
      body: { dream: 'x'.repeat(10) },
    });
    await apiGet('/api/events');
    expect(calls[1]?.body).toBeUndefined();
  });

  it("turns a non-OK answer into 'HTTP Error {status}' with the response and the server's words", async () => {
    fakeFetch(() => ({
      status: 409,
      body: {
        statusCode: 409,
        message: 'Already registered',
        errors: [{ field: 'email', message: 'Taken' }],
      },
    }));
    const error = await apiGet('/api/events').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('HTTP Error 409');
    expect((error as HttpError).response.status).toBe(409);
    expect((error as HttpError).serverMessage).toBe('Already registered');
    expect((error as HttpError).fieldErrors).toEqual([{ field: 'email', message: 'Taken' }]);
  });

  it('uses SPEC defaults: never stale, no refetch on focus, no retries', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      retry: false,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });
});
