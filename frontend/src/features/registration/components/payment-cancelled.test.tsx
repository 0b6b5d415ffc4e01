import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { redirectTo } from '../../../lib/browser-location';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { PaymentCancelled } from './payment-cancelled';

jest.mock('../../../lib/browser-location', () => ({ redirectTo: jest.fn() }));

const ID = '3f0c5a8e-1d2b-4c3d-9e8f-0a1b2c3d4e5f';

beforeEach(() => jest.mocked(redirectTo).mockReset());

describe('PaymentCancelled', () => {
  it('resumes the open payment', async () => {
    const user = userEvent.setup();
    const calls = fakeFetch(() => ({
      body: { registrationId: ID, url: '/sandbox/checkout/cs_9', expiresAt: '2025-10-30T10:00Z' },
    }));
    renderWithProviders(<PaymentCancelled registrationId={ID} />);
    expect(
      screen.getByRole('heading', { name: 'Payment cancelled: your seat is still held' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume payment' }));
    expect(redirectTo).toHaveBeenCalledWith('/sandbox/checkout/cs_9');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `POST /api/registrations/${ID}/resume-checkout`,
    ]);
  });

  it('gives the seat back and says so', async () => {
    const user = userEvent.setup();
    const calls = fakeFetch(() => ({ body: { seat: 'given-back' } }));
    renderWithProviders(<PaymentCancelled registrationId={ID} />);
    await user.click(screen.getByRole('button', { name: 'Give my seat back' }));
    expect(await screen.findByText('Your seat was given back')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', url: `/api/registrations/${ID}/give-back` });
  });

  it("says in the visitor's words why the payment cannot be resumed", async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('language', 'it');
    fakeFetch(() => ({
      status: 409,
      body: {
        statusCode: 409,
        code: 'seat-given-back',
        message:
          'This payment can no longer be resumed: the seat was given back. You may register again.',
        errors: [],
      },
    }));
    renderWithProviders(<PaymentCancelled registrationId={ID} />);
    await user.click(await screen.findByRole('button', { name: 'Riprendi il pagamento' }));
    expect(
      await screen.findByText(
        'Questo pagamento non può più essere ripreso: il posto è stato liberato. Puoi iscriverti di nuovo.',
      ),
    ).toBeInTheDocument();
    expect(redirectTo).not.toHaveBeenCalled();
    window.localStorage.clear();
  });
});
