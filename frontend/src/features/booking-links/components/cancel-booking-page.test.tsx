import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BUCHAREST, fakeSite, renderWithProviders } from '../../../test/render';
import type { FakeAnswer } from '../../../test/render';
import CancelBookingPage from './cancel-booking-page';

const STARTS_AT = BUCHAREST.slots.find((slot) => slot.time === 'Oct 30 - 7:30pm')?.startsAt;

function booking(overrides: Record<string, unknown> = {}) {
  return {
    event: 'bucharest',
    time: 'Oct 30 - 7:30pm',
    startsAt: STARTS_AT,
    name: 'Ana Popescu',
    status: 'paid',
    cancellableUntil: '2099-10-29T17:30:00.000Z',
    cancellationOpen: true,
    pastTheDoor: null,
    offerExpiresAt: null,
    ticket: null,
    ...overrides,
  };
}

function serve(answer: () => FakeAnswer, cancelled: () => FakeAnswer = () => ({ status: 204 })) {
  return fakeSite((method, url) => {
    if (method === 'GET' && url.startsWith('/api/registrations/cancel/booking?')) return answer();
    if (method === 'POST' && url === '/api/registrations/cancel') return cancelled();
    return undefined;
  });
}

function render(token = 'signed.token') {
  renderWithProviders(<CancelBookingPage />, {
    route: `/cancel?token=${encodeURIComponent(token)}`,
    path: '/cancel',
  });
}

afterEach(() => window.localStorage.removeItem('language'));

describe('CancelBookingPage', () => {
  it('says why instead of offering the button once the visitor was let in at the door', async () => {
    serve(() => ({
      body: booking({ cancellationOpen: false, pastTheDoor: 'checked-in' }),
    }));
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent(/let in at the door/);
    expect(screen.queryByRole('button', { name: 'Cancel my booking' })).not.toBeInTheDocument();
  });

  it('tells the words of a refusal that arrived while the page was open (checked in meanwhile)', async () => {
    let current = booking();
    serve(
      () => ({ body: current }),
      () => {
        current = booking({ cancellationOpen: false, pastTheDoor: 'checked-in' });
        return {
          status: 409,
          body: { statusCode: 409, message: 'Let in', errors: [], reason: 'checked-in' },
        };
      },
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Cancel my booking' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Yes, cancel it',
      }),
    );
    expect(await screen.findByText(/let in at the door/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel my booking' })).not.toBeInTheDocument();
  });

  it('shows the booking and cancels it only after the confirmation', async () => {
    let current = booking();
    const calls = serve(
      () => ({ body: current }),
      () => {
        current = booking({ status: 'cancelled' });
        return { status: 204 };
      },
    );
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('Ana Popescu')).toBeInTheDocument();
    expect(screen.getByText('Bucharest')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel my booking' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep my booking' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel my booking' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Yes, cancel it',
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your registration is cancelled' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/A refund usually reaches your card/)).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        url: '/api/registrations/cancel',
        body: { token: 'signed.token' },
      }),
    );
    expect(screen.queryByRole('button', { name: 'Cancel my booking' })).not.toBeInTheDocument();
  });

  it("shows the ticket of a paid booking, in the visitor's language", async () => {
    const ticket = {
      code: 'T1.eyJrIjoiazEifQ.c2ln',
      validUntil: '2099-10-31T04:00:00.000Z',
      qr: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
    };
    serve(() => ({ body: booking({ ticket }) }));
    window.localStorage.setItem('language', 'ro');
    render();
    expect(await screen.findByRole('heading', { name: 'Biletul tău' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Codul QR al biletului tău' })).toHaveAttribute(
      'src',
      ticket.qr,
    );
    expect(screen.getByText(ticket.code)).toBeInTheDocument();
  });

  it.each([
    ['cancelled', 'Your registration is cancelled'],
    ['refunded', 'Your payment was refunded'],
    ['released', 'Your seat was released'],
  ])('opened again once the booking is %s, says so in its headline', async (status, headline) => {
    serve(() => ({ body: booking({ status, cancellationOpen: false }) }));
    render();
    expect(await screen.findByRole('heading', { level: 1, name: headline })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Cancel your booking' })).not.toBeInTheDocument();
  });

  it('shows no ticket once the booking is cancelled', async () => {
    serve(() => ({ body: booking({ status: 'cancelled', cancellationOpen: false }) }));
    render();
    expect(await screen.findByText('Ana Popescu')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your ticket' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it("names the cut-off in the event's time zone, with the zone, in the email's words", async () => {
    serve(() => ({ body: booking() }));
    render();
    await screen.findByText('Ana Popescu');
    // The same words the confirmation email's test reads for this instant, whatever the
    // reader's own zone.
    const page = document.body.textContent?.replace(/[\u202f\u00a0]/g, ' ') ?? '';
    expect(page).toContain('Thursday, October 29, 2099 at 7:30 PM GMT+2');
  });

  it('refuses clearly once cancelling has closed, with the contact address', async () => {
    serve(() => ({
      body: booking({ cancellableUntil: '2000-01-01T00:00:00.000Z', cancellationOpen: false }),
    }));
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent(/closed on .*2000.*write to/);
    expect(await screen.findByRole('link', { name: 'hello@example.org' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel my booking' })).not.toBeInTheDocument();
  });

  it('says an altered or expired link does not work', async () => {
    serve(() => ({
      status: 400,
      body: { statusCode: 400, message: 'This link has expired.', errors: [] },
    }));
    render('tampered');
    expect(
      await screen.findByRole('heading', { name: 'This link does not work' }),
    ).toBeInTheDocument();
  });
});
