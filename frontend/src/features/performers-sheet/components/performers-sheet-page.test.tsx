import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { fakeFetch, renderWithProviders, OWNER_SESSION } from '../../../test/render';
import type { PerformersSheet } from '../api/get-performers-sheet';
import CommandCenterPage from '../../../app/command-center/command-center-page';

const TEXT = 'I am X. and you can write to an email address at night.';
const ORIGINAL = 'I am Thaddeus and you can write to thad@example.org at night.';

const SURE = [
  {
    id: '5-13',
    kind: 'replaced' as const,
    category: 'author-name' as const,
    original: { offset: 5, length: 8 },
    anonymised: { offset: 5, length: 2 },
    replacement: 'X.',
    answer: null,
  },
  {
    id: '35-51',
    kind: 'replaced' as const,
    category: 'author-email' as const,
    original: { offset: 35, length: 16 },
    anonymised: { offset: 29, length: 16 },
    replacement: 'an email address',
    answer: null,
  },
];

function sheet(approvedText: string | null = null, accepted = false): PerformersSheet {
  return {
    event: 'bucharest',
    city: 'Bucharest',
    venue: 'MNAC',
    localised: { ro: { city: 'București' } },
    timeZone: 'Europe/Bucharest',
    time: 'Oct 30 - 7:30pm',
    startsAt: '2025-10-30T19:30:00+02:00',
    openSuspicions: 0,
    printable: approvedText !== null && (accepted || !approvedText.includes('@')),
    dreams: [
      {
        seat: 1,
        registrationId: '4b1f7c2e-8d0a-4c55-9e3b-2f6a1d9c0e11',
        language: 'en',
        original: ORIGINAL,
        anonymised: { text: TEXT, spans: SURE },
        openSuspicions: 0,
        approvedText,
        approvedBy: approvedText === null ? null : 'session-1',
        approvedAt: approvedText === null ? null : '2025-10-30T10:00:00.000Z',
        stillPersonal: approvedText?.includes('@') ? ['email'] : [],
        stillPersonalAccepted: accepted,
        dreamedCaptured: approvedText !== null,
      },
    ],
  };
}

const SHEET_URL = `/api/admin/tour/events/bucharest/slots/${encodeURIComponent('Oct 30 - 7:30pm')}/dreams`;

function renderSheet(approvedText: string | null = null) {
  const approvals: unknown[] = [];
  let current = sheet(approvedText);
  const calls = fakeFetch((method, url, body) => {
    if (url === '/api/admin/session') return { body: OWNER_SESSION };
    if (url === SHEET_URL && method === 'GET') return { body: current };
    if (url === `${SHEET_URL}/print` && method === 'GET') {
      return {
        body: {
          ...current,
          dreams: current.dreams.map((dream) => ({
            seat: dream.seat,
            language: dream.language,
            text: dream.approvedText,
          })),
        },
      };
    }
    if (url === `${SHEET_URL}/approval` && method === 'POST') {
      approvals.push(body);
      const [dream] = (body as { dreams: { text: string; acceptStillPersonal: boolean }[] }).dreams;
      if (dream!.text.includes('@') && !dream!.acceptStillPersonal) {
        return {
          status: 409,
          body: {
            statusCode: 409,
            message: 'Some approved texts still look personal.',
            errors: [],
            reason: 'still-personal',
            dreams: [
              {
                registrationId: '4b1f7c2e-8d0a-4c55-9e3b-2f6a1d9c0e11',
                openSuspicions: 0,
                stillPersonal: ['email'],
              },
            ],
          },
        };
      }
      current = sheet(dream!.text, dream!.acceptStillPersonal);
      return { body: current };
    }
    return { status: 404, body: { statusCode: 404, message: 'Not found', errors: [] } };
  });
  renderWithProviders(<CommandCenterPage section="sheet" />, {
    route: `/admin/sheet?event=bucharest&time=${encodeURIComponent('Oct 30 - 7:30pm')}`,
    path: '/admin/sheet',
  });
  return { calls, approvals };
}

describe("the performers' sheet page", () => {
  it('highlights every replacement, naming what it replaced', async () => {
    renderSheet();
    const preview = await screen.findByTestId('sheet-preview-1');
    const marks = within(preview).getAllByRole('mark');
    expect(marks.map((mark) => mark.firstChild?.textContent)).toEqual(['X.', 'an email address']);
    expect(marks[0]).toHaveAttribute('title', 'replaced: the author’s name');
    expect(marks[1]).toHaveAttribute('title', 'replaced: the author’s email');
    expect(
      screen.getByText('Bucharest, Thursday, October 30, 2025 · slot Oct 30 - 7:30pm', {
        selector: 'p',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('Not approved')).toBeInTheDocument();
    const results = await axe.run(document.body, {
      // Contrast needs a real browser; the landmarks come with the site's layout (the browser test).
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('keeps the highlights on the text as the operator edits it, and approves the edited text', async () => {
    const user = userEvent.setup();
    const { approvals } = renderSheet();
    const textarea = await screen.findByLabelText('Text to approve for dream 1');
    // Writing before a replacement moves it; changing a neutral word keeps it highlighted.
    fireEvent.change(textarea, { target: { value: `Tonight ${TEXT}` } });
    fireEvent.change(textarea, {
      target: { value: `Tonight ${TEXT}`.replace('X.', 'a dreamer') },
    });
    const preview = screen.getByTestId('sheet-preview-1');
    expect(
      within(preview)
        .getAllByRole('mark')
        .map((mark) => mark.firstChild?.textContent),
    ).toEqual(['a dreamer', 'an email address']);
    // Writing across one removes its highlight.
    fireEvent.change(textarea, {
      target: {
        value: 'Tonight I am a dreamer and you can call them at night.',
      },
    });
    expect(
      within(preview)
        .getAllByRole('mark')
        .map((mark) => mark.firstChild?.textContent),
    ).toEqual(['a dreamer']);

    await user.click(screen.getByRole('button', { name: 'Approve the sheet' }));
    await waitFor(() => expect(approvals).toHaveLength(1));
    expect(approvals[0]).toEqual({
      dreams: [
        {
          registrationId: '4b1f7c2e-8d0a-4c55-9e3b-2f6a1d9c0e11',
          text: 'Tonight I am a dreamer and you can call them at night.',
          acceptStillPersonal: false,
        },
      ],
    });
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    // The approved text keeps the highlights the edit left on it.
    expect(
      within(screen.getByTestId('sheet-preview-1'))
        .getAllByRole('mark')
        .map((mark) => mark.firstChild?.textContent),
    ).toEqual(['a dreamer']);
    expect(
      screen.getByText('1 of 1 dreams approved; only approved dreams are printed.'),
    ).toBeInTheDocument();
  });

  it('keeps the highlights on an edited text approved earlier, read back from the server', async () => {
    renderSheet('Tonight I am a dreamer and you can write to an email address, late at night.');
    const preview = await screen.findByTestId('sheet-preview-1');
    expect(screen.getByText('Approved')).toBeInTheDocument();
    expect(
      within(preview)
        .getAllByRole('mark')
        .map((mark) => mark.firstChild?.textContent),
    ).toEqual(['a dreamer', 'an email address']);
  });

  it('holds the print while an approved text still looks personal, until approved knowingly', async () => {
    const user = userEvent.setup();
    const { approvals } = renderSheet();
    const textarea = await screen.findByLabelText('Text to approve for dream 1');
    fireEvent.change(textarea, { target: { value: 'Write to me at ana@example.com tonight.' } });
    await user.click(screen.getByRole('button', { name: 'Approve the sheet' }));
    expect(
      await screen.findByText(
        'This text still holds what looks like an email address. Edit it, or approve it as it is.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Approve dream 1 as it is, knowingly' }));
    await user.click(screen.getByRole('button', { name: 'Approve the sheet' }));
    await waitFor(() => expect(approvals).toHaveLength(2));
    expect(approvals[1]).toEqual({
      dreams: [
        {
          registrationId: '4b1f7c2e-8d0a-4c55-9e3b-2f6a1d9c0e11',
          text: 'Write to me at ana@example.com tonight.',
          acceptStillPersonal: true,
        },
      ],
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled());
  });

  it('refuses to approve a blank text', async () => {
    renderSheet();
    const textarea = await screen.findByLabelText('Text to approve for dream 1');
    fireEvent.change(textarea, { target: { value: '   ' } });
    expect(screen.getByText('A dream on the sheet needs a text.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve the sheet' })).toBeDisabled();
  });
});
