import { contractViolation, findOperation } from './openapi-contract';
import { registrationBody, request } from './http';
import { appsOnOwnDatabase } from './test-app';

/** The codes the document lists on an operation's answer of this status. */
function listedCodes(method: string, path: string, status: number): string[] {
  const found = findOperation(method, path);
  const schema = found?.operation.responses[String(status)]?.content?.['application/json']
    ?.schema as { allOf?: { properties?: { code?: { enum?: string[] } } }[] } | undefined;
  return schema?.allOf?.[1]?.properties?.code?.enum ?? [];
}

describe('the error codes answered over HTTP', () => {
  it('a code the operation does not list breaks the document', () => {
    const text = JSON.stringify({
      statusCode: 404,
      code: 'slot-full',
      message: 'Registration not found',
      errors: [],
    });
    expect(
      contractViolation({
        method: 'GET',
        path: '/api/registrations/7d6f7f0e-0000-4000-8000-000000000000',
        status: 404,
        contentType: 'application/json',
        text,
      }),
    ).toMatch(/breaks its schema/);
  });

  describe('a sample of refusals, each answered with a code its route lists', () => {
    const state = appsOnOwnDatabase();
    const unknownId = '7d6f7f0e-0000-4000-8000-000000000000';

    it.each([
      ['GET', `/api/registrations/${unknownId}`, undefined, 404, 'registration-not-found'],
      ['POST', '/api/create-checkout-session', '{"name":', 400, 'invalid-json'],
      ['POST', '/api/create-checkout-session', { name: 'Ana' }, 400, 'validation-failed'],
      [
        'POST',
        '/api/create-checkout-session',
        registrationBody({ time: 'No such slot' }),
        400,
        'slot-unknown',
      ],
      ['POST', '/api/registrations/cancel', { token: 'forged' }, 400, 'link-invalid'],
      ['GET', '/api/admin/tour', undefined, 401, 'not-signed-in'],
      ['POST', '/api/admin/login', { password: 'not the password' }, 401, 'wrong-password'],
    ])('%s %s answers %i %s', async (method, path, body, status, code) => {
      const answer = await request<{ code: string }>(state.apps[0].url, method, path, body);
      expect({ status: answer.status, code: answer.body.code }).toEqual({ status, code });
      expect(listedCodes(method, path, status)).toContain(code);
    });

    it('a field that breaks its rule carries its code and its bound', async () => {
      const answer = await request<{ errors: unknown[] }>(
        state.apps[0].url,
        'POST',
        '/api/create-checkout-session',
        registrationBody({ name: 'a'.repeat(300) }),
      );
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([
        expect.objectContaining({ field: 'name', code: 'too-long', limit: expect.any(Number) }),
      ]);
    });
  });
});
