import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { redirectTo } from '../../../lib/browser-location';
import {
  BUCHAREST,
  MATERA,
  capacity,
  fakeFetch,
  fakeSite,
  renderWithProviders,
} from '../../../test/render';
import type { FakeAnswer } from '../../../test/render';
import { RegistrationForm } from './registration-form';

jest.mock('../../../lib/browser-location', () => ({ redirectTo: jest.fn() }));

const DREAM =
  'I was walking through a flooded museum at night and every painting was whispering my name in a language I almost knew.';

function serve(available: number, checkout: () => FakeAnswer | Promise<FakeAnswer>) {
  return fakeSite(
    (method, url) => {
      if (url === '/api/capacity') return { body: capacity(available, 3) };
      if (method === 'POST' && url === '/api/create-checkout-session') return checkout();
      return undefined;
    },
    [BUCHAREST, MATERA],
  );
}

async function fillForm(
  user: ReturnType<typeof userEvent.setup>,
  slot: RegExp = /thursday, october 30/i,
) {
  await user.click(await screen.findByRole('radio', { name: slot }));
  await user.type(screen.getByLabelText(/^name/i), 'Ana Popescu');
  await user.type(screen.getByLabelText(/^email/i), 'ana@example.com');
  await user.type(screen.getByLabelText(/^phone number/i), '+40 712 345 678');
  await user.click(screen.getByLabelText(/^your dream/i));
  await user.paste(DREAM);
}

const submitButton = () =>
  screen.getByRole('button', {
    name: /complete registration|join waiting list|redirecting|processing/i,
  });

beforeEach(() => {
  jest.mocked(redirectTo).mockReset();
  window.localStorage.clear();
});

describe('RegistrationForm', () => {
  it('shows each rule message under its field, tied to it for screen readers', async () => {
    const user = userEvent.setup();
    serve(5, () => ({ body: {} }));
    renderWithProviders(<RegistrationForm />);
    await screen.findByRole('radio', { name: /thursday, october 30/i });

    const name = screen.getByLabelText(/^name/i);
    await user.click(name);
    await user.tab();
    expect(name).toHaveAccessibleDescription('Name is required');
    expect(name).toHaveAttribute('aria-invalid', 'true');

    const email = screen.getByLabelText(/^email/i);
    await user.type(email, 'not-an-email');
    await user.tab();
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');

    const phone = screen.getByLabelText(/^phone number/i);
    await user.click(phone);
    await user.tab();
    expect(phone).toHaveAccessibleDescription(/Phone number is required/);

    const dream = screen.getByLabelText(/^your dream/i);
    await user.type(dream, 'too short');
    await user.tab();
    expect(dream).toHaveAccessibleDescription(
      /Please share your dream with at least 100 characters - it will be part of the performance/,
    );

    await user.selectOptions(screen.getByLabelText(/^location/i), 'matera');
    expect(screen.getByLabelText(/^location/i)).toHaveAccessibleDescription(
      'Only Bucharest event is available',
    );
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText(/^location/i), 'bucharest');
    const slot = screen.getByRole('radio', { name: /thursday, october 30/i });
    act(() => slot.focus());
    await user.tab();
    expect(screen.getByText('Please select a time slot')).toHaveAttribute('id', 'time-error');
    expect(slot).toHaveAccessibleDescription('Please select a time slot');
  });

  it("tells a phone that is no number, and an email past SMTP's limits, as the server would", async () => {
    const user = userEvent.setup();
    serve(5, () => ({ body: {} }));
    renderWithProviders(<RegistrationForm />);
    await screen.findByRole('radio', { name: /thursday, october 30/i });

    const phone = screen.getByLabelText(/^phone number/i);
    await user.type(phone, 'call me maybe');
    await user.tab();
    await waitFor(() =>
      expect(phone).toHaveAccessibleDescription(
        /Please enter a valid WhatsApp number \(e\.g\., \+39 123 456 7890 or 123-456-7890\)/,
      ),
    );
    await user.clear(phone);
    await user.type(phone, '(123) 456-7890');
    expect(phone).not.toHaveAccessibleDescription(/valid WhatsApp number/);

    const email = screen.getByLabelText(/^email/i);
    await user.click(email);
    await user.paste(`${'a'.repeat(65)}@example.com`);
    await user.tab();
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
  });

  it('counts the dream and warns in orange how many characters remain', async () => {
    const user = userEvent.setup();
    serve(5, () => ({ body: {} }));
    renderWithProviders(<RegistrationForm />);
    const dream = await screen.findByLabelText(/^your dream/i);
    expect(screen.getByTestId('dream-counter')).toHaveTextContent('0 / 100');
    await user.type(dream, 'a'.repeat(40));
    expect(screen.getByTestId('dream-counter')).toHaveTextContent('40 / 100');
    expect(screen.getByText('Please write at least 60 more characters')).toHaveClass(
      'counter-warning',
    );
    expect(screen.getByText(/anonymised/i)).toBeInTheDocument();
    await user.type(dream, 'a'.repeat(60));
    expect(screen.getByTestId('dream-counter')).toHaveTextContent('100 / 100');
    expect(screen.queryByText(/more characters?$/)).not.toBeInTheDocument();
  });

  it('lists the closed slot as closed and the open one with its spots and waiting list', async () => {
    serve(5, () => ({ body: {} }));
    renderWithProviders(<RegistrationForm />);
    expect(await screen.findByRole('radio', { name: /sunday, october 19/i })).toBeDisabled();
    const open = await screen.findByRole('radio', { name: /thursday, october 30/i });
    await waitFor(() => expect(open).toHaveAccessibleName(/5 spots left/));
    expect(open).toHaveAccessibleName(/3 people on the waiting list/);
  });

  it('enables COMPLETE REGISTRATION only when the rules hold, then redirects to the payment page', async () => {
    const user = userEvent.setup();
    let answer: (value: FakeAnswer) => void = () => undefined;
    const calls = serve(5, () => new Promise<FakeAnswer>((resolve) => (answer = resolve)));
    renderWithProviders(<RegistrationForm />);
    await screen.findByRole('radio', { name: /thursday, october 30/i });
    expect(submitButton()).toHaveTextContent('COMPLETE REGISTRATION');
    expect(submitButton()).toBeDisabled();

    await fillForm(user);
    expect(submitButton()).toBeEnabled();
    await user.click(submitButton());
    expect(submitButton()).toHaveTextContent('Redirecting to Payment...');
    expect(submitButton()).toBeDisabled();

    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      name: 'Ana Popescu',
      email: 'ana@example.com',
      whatsapp: '+40 712 345 678',
      event: 'bucharest',
      time: 'Oct 30 - 7:30pm',
      dream: DREAM,
      dreamedCaptured: false,
      locale: 'en',
    });
    expect(post?.credentials).toBe('include');

    await act(async () =>
      answer({ body: { url: '/sandbox/checkout/cs_1', registrationId: 'r-1' } }),
    );
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('/sandbox/checkout/cs_1'));
    expect(window.sessionStorage.getItem('lastRegistrationId')).toBe('r-1');
    expect(submitButton()).toHaveTextContent('Redirecting to Payment...');
  });

  it('registers for an event the operator announced since the build, as for Bucharest', async () => {
    const user = userEvent.setup();
    const cluj = {
      ...BUCHAREST,
      slug: 'cluj',
      city: 'Cluj-Napoca',
      venue: 'Fabrica de Pensule',
      date: '2025-11-06',
      slots: [
        {
          time: 'Nov 6 - 8:00pm',
          startsAt: '2025-11-06T18:00:00.000Z',
          status: 'open',
          capacity: 2,
        },
      ],
    };
    const calls = fakeSite(
      (method, url) => {
        if (url === '/api/capacity') return { body: capacity(5) };
        if (method === 'POST' && url === '/api/create-checkout-session') {
          return { body: { url: '/sandbox/checkout/cs_2', registrationId: 'r-2' } };
        }
        return undefined;
      },
      [BUCHAREST, cluj, MATERA],
    );
    renderWithProviders(<RegistrationForm />);
    await screen.findByRole('radio', { name: /thursday, october 30/i });
    await user.selectOptions(screen.getByLabelText(/^location/i), 'cluj');
    await fillForm(user, /thursday, november 6/i);
    expect(screen.getByLabelText(/^location/i)).not.toHaveAttribute('aria-invalid');
    expect(submitButton()).toBeEnabled();
    await user.click(submitButton());
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('/sandbox/checkout/cs_2'));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      event: 'cluj',
      time: 'Nov 6 - 8:00pm',
    });
  });

  it('reads JOIN WAITING LIST when the slot is full, warns, and goes to the waiting-list confirmation', async () => {
    const user = userEvent.setup();
    serve(0, () => ({ body: { success: true, waitingList: true, registrationId: 'r-2' } }));
    renderWithProviders(<RegistrationForm />);
    const slot = await screen.findByRole('radio', { name: /thursday, october 30/i });
    await waitFor(() => expect(slot).toHaveAccessibleName(/Full/));
    await fillForm(user);
    expect(slot).toHaveAccessibleName(/Join Waiting List/);
    expect(screen.getByText('This time slot is full')).toBeInTheDocument();
    expect(submitButton()).toHaveTextContent('JOIN WAITING LIST');

    await user.click(submitButton());
    expect(await screen.findByTestId('location')).toHaveTextContent(
      '/confirmation?waitingList=true state={"registrationId":"r-2"}',
    );
    expect(await screen.findByText('Added to Waiting List')).toBeInTheDocument();
    expect(
      screen.getByText("You've been added to the waiting list. No payment required at this time."),
    ).toBeInTheDocument();
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it.each([
    [
      {
        status: 409,
        body: {
          statusCode: 409,
          code: 'already-registered',
          message: 'You have already registered for this event with this email address.',
          errors: [],
        },
      },
      'You have already registered for this event with this email address.',
    ],
    [{ status: 502 }, 'Payment setup failed'],
  ])('shows the destructive Payment Error toast on failure (%#)', async (failure, description) => {
    const user = userEvent.setup();
    serve(5, () => failure);
    renderWithProviders(<RegistrationForm />);
    await fillForm(user);
    await user.click(submitButton());
    const title = await screen.findByText('Payment Error');
    const toast = title.closest('li');
    expect(toast).toHaveClass('toast--destructive');
    expect(within(toast as HTMLElement).getByText(description)).toBeInTheDocument();
    expect(submitButton()).toHaveTextContent('COMPLETE REGISTRATION');
    expect(submitButton()).toBeEnabled();
  });

  it('puts the server field errors under their fields', async () => {
    const user = userEvent.setup();
    serve(5, () => ({
      status: 400,
      body: {
        statusCode: 400,
        code: 'validation-failed',
        message: 'Please enter a valid email address',
        errors: [
          { field: 'email', code: 'invalid-email', message: 'Please enter a valid email address' },
        ],
      },
    }));
    renderWithProviders(<RegistrationForm />);
    await fillForm(user);
    await user.click(submitButton());
    await waitFor(() =>
      expect(screen.getByLabelText(/^email/i)).toHaveAccessibleDescription(
        'Please enter a valid email address',
      ),
    );
  });

  describe('starts on the tour’s next stop', () => {
    const sooner = {
      ...BUCHAREST,
      slug: 'cluj',
      city: 'Cluj-Napoca',
      venue: 'Fabrica de Pensule',
      localised: { it: { city: 'Clausemburgo' } },
      date: '2025-10-23',
      slots: [
        {
          time: 'Oct 23 - 8:00pm',
          startsAt: '2025-10-23T17:00:00.000Z',
          status: 'open',
          capacity: 2,
        },
      ],
    };

    it('a newly announced event whose slot comes first, named in Italian as the tour names it', async () => {
      window.localStorage.setItem('language', 'it');
      fakeFetch((_method, url) => {
        if (url === '/api/events') return { body: [MATERA, BUCHAREST, sooner] };
        return { body: capacity(5) };
      });
      renderWithProviders(<RegistrationForm />);
      expect(await screen.findByRole('radio', { name: /giovedì 23 ottobre/i })).toBeEnabled();
      const location = screen.getByLabelText(/^città/i);
      expect(location).toHaveValue('cluj');
      expect(within(location).getByRole('option', { name: 'Clausemburgo' })).toBeInTheDocument();
      expect(within(location).getByRole('option', { name: 'Bucarest' })).toBeInTheDocument();
    });

    it('Bucharest until the tour answers, then the next stop', async () => {
      let answer: (events: unknown[]) => void = () => {};
      fakeFetch((_method, url) => {
        if (url === '/api/events') {
          return new Promise<FakeAnswer>((resolve) => {
            answer = (events) => resolve({ body: events });
          });
        }
        return { body: capacity(5) };
      });
      renderWithProviders(<RegistrationForm />);
      expect(screen.getByLabelText(/^location/i)).toHaveValue('bucharest');
      expect(screen.getByRole('option', { name: 'Bucharest' })).toBeInTheDocument();
      await act(async () => answer([BUCHAREST, sooner]));
      expect(await screen.findByRole('radio', { name: /thursday, october 23/i })).toBeEnabled();
      expect(screen.getByLabelText(/^location/i)).toHaveValue('cluj');
    });

    it('the first event announced when none is open', async () => {
      fakeFetch((_method, url) => {
        if (url === '/api/events') {
          return {
            body: [
              { ...BUCHAREST, status: 'completed' },
              { ...sooner, status: 'coming-soon' },
            ],
          };
        }
        return { body: capacity(5) };
      });
      renderWithProviders(<RegistrationForm />);
      expect(await screen.findByText('Registration Available Soon')).toBeInTheDocument();
      expect(screen.getByLabelText(/^location/i)).toHaveValue('cluj');
    });
  });

  it('shows Coming Soon for an event not yet open, and no slots', async () => {
    const user = userEvent.setup();
    fakeFetch((_method, url) => {
      if (url === '/api/events') {
        return {
          body: [BUCHAREST, { ...BUCHAREST, slug: 'cluj', city: 'Cluj', status: 'coming-soon' }],
        };
      }
      return { body: capacity(5) };
    });
    renderWithProviders(<RegistrationForm />);
    const location = await screen.findByLabelText(/^location/i);
    await screen.findByRole('option', { name: 'Cluj (Coming Soon)' });
    await user.selectOptions(location, 'cluj');
    expect(screen.getByText('Registration Available Soon')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });

  it("shows the server's known messages in the visitor's language", async () => {
    window.localStorage.setItem('language', 'it');
    const user = userEvent.setup();
    serve(5, () => ({
      status: 409,
      body: {
        statusCode: 409,
        code: 'already-registered',
        message: 'You have already registered for this event with this email address.',
        errors: [
          {
            field: 'email',
            code: 'already-registered',
            message: 'You have already registered for this event with this email address.',
          },
        ],
      },
    }));
    renderWithProviders(<RegistrationForm />);
    await user.click(await screen.findByRole('radio', { name: /giovedì 30 ottobre/i }));
    await user.type(screen.getByLabelText(/^nome/i), 'Ana');
    await user.type(screen.getByLabelText(/^email/i), 'ana@example.com');
    await user.type(screen.getByLabelText(/^numero di telefono/i), '0712345678');
    await user.click(screen.getByLabelText(/^il tuo sogno/i));
    await user.paste(DREAM);
    await user.click(screen.getByRole('button', { name: "COMPLETA L'ISCRIZIONE" }));
    expect(await screen.findByText('Errore di pagamento')).toBeInTheDocument();
    const message = 'Ti sei già iscritto a questo evento con questo indirizzo email.';
    await waitFor(() =>
      expect(screen.getByLabelText(/^email/i)).toHaveAccessibleDescription(message),
    );
    expect(screen.getAllByText(message)).toHaveLength(2);
  });

  it.each([
    [
      'en',
      '2 seats are already held from this address and not yet paid. Please finish the open payment, or try again in 25 minutes.',
      'Seats are already held from your connection and not yet paid. Please finish the open payment, or try again in 25 minutes.',
    ],
    [
      'ro',
      '2 seats are already held from this address and not yet paid. Please finish the open payment, or try again in 25 minutes.',
      'De pe conexiunea ta sunt deja locuri rezervate și încă neplătite. Finalizează plata deschisă sau încearcă din nou peste 25 de minute.',
    ],
    [
      'it',
      'Too many registrations from this address; please try again in 1 minute.',
      'Troppe registrazioni dalla tua connessione. Riprova tra 1 minuto.',
    ],
  ])('tells a visitor refused with 429 (%s) when to try again', async (language, server, shown) => {
    window.localStorage.setItem('language', language);
    const user = userEvent.setup();
    serve(5, () => ({
      status: 429,
      headers: { 'retry-after': server.includes('not yet paid') ? '1490' : '42' },
      body: {
        statusCode: 429,
        code: server.includes('not yet paid') ? 'unpaid-holds-cap' : 'too-many-registrations',
        message: server,
        errors: [],
      },
    }));
    renderWithProviders(<RegistrationForm />);
    await user.click(await screen.findByRole('radio', { name: /30/ }));
    const field = (id: string) => document.getElementById(id) as HTMLElement;
    await user.type(field('name'), 'Ana');
    await user.type(field('email'), 'ana@example.com');
    await user.type(field('whatsapp'), '0712345678');
    await user.click(field('dream'));
    await user.paste(DREAM);
    await user.click(screen.getByRole('button', { name: /registration|iscrizione|înscrierea/i }));
    expect(await screen.findByText(shown)).toBeInTheDocument();
  });

  it('sends the visitor language as locale', async () => {
    window.localStorage.setItem('language', 'ro');
    const user = userEvent.setup();
    const calls = serve(5, () => ({ body: { url: '/pay', registrationId: 'r-3' } }));
    renderWithProviders(<RegistrationForm />);
    await screen.findByText('FINALIZEAZĂ ÎNSCRIEREA');
    await user.click(await screen.findByRole('radio', { name: /joi, 30 octombrie/i }));
    await user.type(screen.getByLabelText(/^nume/i), 'Ana');
    await user.type(screen.getByLabelText(/^email/i), 'ana@example.com');
    await user.type(screen.getByLabelText(/^număr de telefon/i), '0712345678');
    await user.click(screen.getByLabelText(/^visul tău/i));
    await user.paste(DREAM);
    await user.click(screen.getByRole('button', { name: 'FINALIZEAZĂ ÎNSCRIEREA' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('/pay'));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ locale: 'ro' });
  });

  describe('keeps what was typed until the registration succeeds', () => {
    it('across a reload and a failed submit, and forgets it once registered', async () => {
      const user = userEvent.setup();
      let fail = true;
      serve(5, () =>
        fail
          ? Promise.reject(new TypeError('Failed to fetch'))
          : { body: { url: '/sandbox/checkout/cs_2', registrationId: 'r-2' } },
      );
      const first = renderWithProviders(<RegistrationForm />);
      await screen.findByRole('radio', { name: /thursday, october 30/i });
      await fillForm(user);
      await user.click(submitButton());
      expect(await screen.findByText(/could not reach the site/i)).toBeInTheDocument();
      expect(screen.getByLabelText(/^your dream/i)).toHaveValue(DREAM);
      first.unmount();

      // A reload: the form comes back as it was, dream included.
      renderWithProviders(<RegistrationForm />);
      await screen.findByRole('radio', { name: /thursday, october 30/i });
      expect(screen.getByLabelText(/^name/i)).toHaveValue('Ana Popescu');
      expect(screen.getByLabelText(/^email/i)).toHaveValue('ana@example.com');
      expect(screen.getByLabelText(/^phone number/i)).toHaveValue('+40 712 345 678');
      expect(screen.getByLabelText(/^your dream/i)).toHaveValue(DREAM);
      expect(screen.getByRole('radio', { name: /thursday, october 30/i })).toBeChecked();

      fail = false;
      await user.click(submitButton());
      await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('/sandbox/checkout/cs_2'));
      // Registered: nothing personal stays in the browser's storage.
      expect(window.localStorage.getItem('registrationDraft')).toBeNull();
      expect(JSON.stringify({ ...window.localStorage })).not.toContain('Ana');
    });

    it('is emptied by Clear form', async () => {
      const user = userEvent.setup();
      serve(5, () => ({ body: {} }));
      renderWithProviders(<RegistrationForm />);
      await screen.findByRole('radio', { name: /thursday, october 30/i });
      const clear = screen.getByRole('button', { name: 'Clear form' });
      expect(clear).toBeDisabled();
      await fillForm(user);
      expect(window.localStorage.getItem('registrationDraft')).toContain('Ana Popescu');
      await user.click(clear);
      expect(screen.getByLabelText(/^name/i)).toHaveValue('');
      expect(screen.getByLabelText(/^your dream/i)).toHaveValue('');
      expect(window.localStorage.getItem('registrationDraft')).toBeNull();
    });
  });
});
