import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { fakeFetch, renderWithProviders, OWNER_SESSION } from '../../../test/render';
import type { PerformersSheet, SheetDream, SheetSpan } from '../api/get-performers-sheet';
import CommandCenterPage from '../../../app/command-center/command-center-page';
import { performersSheet } from '../../../test/console-fixtures';

/** A span of the fake anonymiser: where it is in the original, and what stands for it. */
interface Found {
  start: number;
  end: number;
  kind: SheetSpan['kind'];
  category: SheetSpan['category'];
  replacement: string;
}

interface FakeDream {
  registrationId: string;
  original: string;
  found: Found[];
  answers: Record<string, 'replace' | 'keep'>;
  approvedText: string | null;
}

function found(original: string, words: string, rest: Omit<Found, 'start' | 'end'>): Found {
  const start = original.indexOf(words);
  return { start, end: start + words.length, ...rest };
}

const FIRST = 'I am Thaddeus and Mario called me at night by the sea.';
const SECOND = 'Sognavo che Giulia ballava con Orsolya sul tetto.';

/** What the server's anonymiser answers: the replaced words put in, the answers applied. */
function review(dream: FakeDream, seat: number): SheetDream {
  let text = '';
  let cursor = 0;
  const spans: SheetSpan[] = [];
  for (const item of dream.found) {
    const id = `${item.start}-${item.end}`;
    const answer = item.kind === 'suspected' ? (dream.answers[id] ?? null) : null;
    text += dream.original.slice(cursor, item.start);
    const words =
      item.kind === 'replaced' || answer === 'replace'
        ? item.replacement
        : dream.original.slice(item.start, item.end);
    spans.push({
      id,
      kind: item.kind,
      category: item.category,
      original: { offset: item.start, length: item.end - item.start },
      anonymised: { offset: text.length, length: words.length },
      replacement: item.replacement,
      answer,
    });
    text += words;
    cursor = item.end;
  }
  text += dream.original.slice(cursor);
  return {
    seat,
    registrationId: dream.registrationId,
    language: seat === 1 ? 'en' : 'it',
    original: dream.original,
    anonymised: { text, spans },
    openSuspicions: spans.filter((span) => span.kind === 'suspected' && span.answer === null)
      .length,
    approvedText: dream.approvedText,
    approvedBy: dream.approvedText === null ? null : 'session-1',
    approvedAt: dream.approvedText === null ? null : '2025-10-30T10:00:00.000Z',
    stillPersonal: [],
    stillPersonalAccepted: false,
    dreamedCaptured: dream.approvedText !== null,
  };
}

const SHEET_URL = `/api/admin/tour/events/bucharest/slots/${encodeURIComponent('Oct 30 - 7:30pm')}/dreams`;

function renderSheet() {
  const dreams: FakeDream[] = [
    {
      registrationId: '4b1f7c2e-8d0a-4c55-9e3b-2f6a1d9c0e11',
      original: FIRST,
      found: [
        found(FIRST, 'Thaddeus', { kind: 'replaced', category: 'author-name', replacement: 'X.' }),
        found(FIRST, 'Mario', { kind: 'suspected', category: 'other-person', replacement: 'A.' }),
      ],
      answers: {},
      approvedText: null,
    },
    {
      registrationId: '9c2d1e0f-1111-4a2b-8c3d-4e5f60718293',
      original: SECOND,
      found: [
        found(SECOND, 'Giulia', { kind: 'suspected', category: 'other-person', replacement: 'A.' }),
        found(SECOND, 'Orsolya', { kind: 'replaced', category: 'author-name', replacement: 'X.' }),
      ],
      answers: {},
      approvedText: null,
    },
  ];
  const current = (): PerformersSheet => {
    const reviewed = dreams.map((dream, index) => review(dream, index + 1));
    return performersSheet(
      reviewed,
      reviewed.every((dream) => dream.openSuspicions === 0),
    );
  };
  const answers: unknown[] = [];
  const approvals: unknown[] = [];
  const prints: number[] = [];
  fakeFetch((method, url, body) => {
    if (url === '/api/admin/session') return { body: OWNER_SESSION };
    if (url === SHEET_URL && method === 'GET') return { body: current() };
    if (url === `${SHEET_URL}/answers` && method === 'POST') {
      answers.push(body);
      const asked = (body as { answers: { registrationId: string; spanId: string }[] }).answers;
      const stale = asked.find(
        (given) =>
          !dreams
            .find((dream) => dream.registrationId === given.registrationId)
            ?.found.some((item) => `${item.start}-${item.end}` === given.spanId),
      );
      if (stale) {
        return {
          status: 400,
          body: {
            statusCode: 400,
            message: `Registration ${stale.registrationId} has no suspicion ${stale.spanId} in its dream as it is now; read the sheet again.`,
            errors: [{ field: 'answers', message: 'read the sheet again' }],
          },
        };
      }
      for (const given of (
        body as {
          answers: { registrationId: string; spanId: string; answer: 'replace' | 'keep' }[];
        }
      ).answers) {
        dreams.find((dream) => dream.registrationId === given.registrationId)!.answers[
          given.spanId
        ] = given.answer;
      }
      return { body: current() };
    }
    if (url === `${SHEET_URL}/approval` && method === 'POST') {
      approvals.push(body);
      if (current().openSuspicions > 0) {
        return {
          status: 409,
          body: {
            statusCode: 409,
            message: 'open',
            errors: [],
            reason: 'open-suspicions',
            dreams: [],
          },
        };
      }
      for (const given of (body as { dreams: { registrationId: string; text: string }[] }).dreams) {
        dreams.find((dream) => dream.registrationId === given.registrationId)!.approvedText =
          given.text;
      }
      return { body: current() };
    }
    if (url === `${SHEET_URL}/print` && method === 'GET') {
      prints.push(Date.now());
      const sheet = current();
      if (!sheet.printable) {
        return {
          status: 409,
          body: {
            statusCode: 409,
            message: 'open',
            errors: [],
            reason: 'open-suspicions',
            dreams: [],
          },
        };
      }
      return {
        body: {
          ...sheet,
          dreams: sheet.dreams
            .filter((dream) => dream.approvedText !== null)
            .map((dream) => ({
              seat: dream.seat,
              language: dream.language,
              text: dream.approvedText,
            })),
        },
      };
    }
    return { status: 404, body: { statusCode: 404, message: 'Not found', errors: [] } };
  });
  renderWithProviders(<CommandCenterPage section="sheet" />, {
    route: `/admin/sheet?event=bucharest&time=${encodeURIComponent('Oct 30 - 7:30pm')}`,
    path: '/admin/sheet',
  });
  return { answers, approvals, prints, dreams };
}

const marksIn = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('mark')
    .map((mark) => [mark.firstChild?.textContent, mark.getAttribute('title')]);

describe("the performers' sheet review", () => {
  it('shows each dream as written beside the text for the performers, sure and suspected marked apart', async () => {
    renderSheet();
    expect(await screen.findByTestId('sheet-original-1')).toHaveTextContent(
      'I am Thaddeus (replaced: the author’s name) and Mario? (suspected, to answer: another person’s name) called me at night by the sea.',
    );
    const dream = screen.getByRole('listitem', { name: 'Dream 1' });
    expect(
      within(dream).getByRole('heading', { name: 'As written (never printed)' }),
    ).toBeVisible();
    expect(within(dream).getByRole('heading', { name: 'For the performers' })).toBeVisible();
    expect(marksIn('sheet-original-1')).toEqual([
      ['Thaddeus', 'replaced: the author’s name'],
      ['Mario', 'suspected, to answer: another person’s name'],
    ]);
    expect(marksIn('sheet-preview-1')).toEqual([
      ['X.', 'replaced: the author’s name'],
      ['Mario', 'suspected, to answer: another person’s name'],
    ]);
    // Screen readers hear what each mark is; sight has a "?" beside an open suspicion.
    const open = within(screen.getByTestId('sheet-preview-1')).getAllByRole('mark')[1]!;
    expect(open).toHaveTextContent('Mario? (suspected, to answer: another person’s name)');
    expect(open).toHaveClass('sheet-mark--open');
    expect(within(dream).getByTestId('sheet-review-state-1')).toHaveTextContent('1 open suspicion');
    expect(screen.getByTestId('sheet-open-count')).toHaveTextContent(
      '2 suspicions are open on this sheet.',
    );
    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('answers each suspicion in place from the keyboard, going from one open suspicion to the next across dreams', async () => {
    const user = userEvent.setup();
    const { answers } = renderSheet();
    await screen.findByTestId('sheet-preview-1');
    screen.getByRole('button', { name: 'Next open suspicion' }).focus();
    await user.keyboard('{Enter}');
    const replaceMario = screen.getByRole('button', {
      name: 'Replace “Mario” with “A.” in dream 1',
    });
    expect(replaceMario).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(answers).toHaveLength(1));
    expect(answers[0]).toEqual({
      answers: [
        {
          registrationId: '4b1f7c2e-8d0a-4c55-9e3b-2f6a1d9c0e11',
          spanId: '18-23',
          answer: 'replace',
        },
      ],
    });
    // The neutral words stand in the text; the dream is done; the focus is on the next dream's.
    await waitFor(() =>
      expect(marksIn('sheet-preview-1')).toEqual([
        ['X.', 'replaced: the author’s name'],
        ['A.', 'suspected, replaced by you: another person’s name'],
      ]),
    );
    expect(screen.getByLabelText('Text to approve for dream 1')).toHaveValue(
      'I am X. and A. called me at night by the sea.',
    );
    expect(screen.getByTestId('sheet-review-state-1')).toHaveTextContent('all answered');
    expect(replaceMario).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Replace “Giulia” with “A.” in dream 2' }),
      ).toHaveFocus(),
    );
    expect(screen.getByTestId('sheet-open-count')).toHaveTextContent(
      '1 suspicion is open on this sheet.',
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'Keep “Giulia” in dream 2' })).toHaveFocus();
    await user.keyboard(' ');
    await waitFor(() => expect(answers).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByTestId('sheet-open-count')).toHaveTextContent(
        'Every suspicion on this sheet is answered.',
      ),
    );
    expect(marksIn('sheet-preview-2')).toEqual([
      ['Giulia', 'suspected, kept by you: another person’s name'],
      ['X.', 'replaced: the author’s name'],
    ]);
    // Nothing left to answer: the focus is on the approval.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Approve the sheet' })).toHaveFocus(),
    );
  });

  it('keeps the operator’s edits when a suspicion is answered afterwards', async () => {
    const user = userEvent.setup();
    renderSheet();
    const textarea = await screen.findByLabelText('Text to approve for dream 1');
    fireEvent.change(textarea, {
      target: { value: 'Late, I am X. and Mario called me at night by the sea.' },
    });
    await user.click(screen.getByRole('button', { name: 'Replace “Mario” with “A.” in dream 1' }));
    await waitFor(() =>
      expect(textarea).toHaveValue('Late, I am X. and A. called me at night by the sea.'),
    );
  });

  it('holds approval and print until every suspicion is answered, saying why', async () => {
    const user = userEvent.setup();
    const { approvals, prints } = renderSheet();
    await screen.findByTestId('sheet-preview-1');
    const approve = screen.getByRole('button', { name: 'Approve the sheet' });
    const print = screen.getByRole('button', { name: 'Print' });
    expect(approve).toBeDisabled();
    expect(print).toBeDisabled();
    expect(print).toHaveAccessibleDescription('Printing is held: 2 suspicions are still open.');
    expect(
      screen.getByText('Approving waits until every suspicion is answered.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Keep “Mario” in dream 1' }));
    await waitFor(() =>
      expect(print).toHaveAccessibleDescription('Printing is held: 1 suspicion is still open.'),
    );
    expect(approve).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Replace “Giulia” with “A.” in dream 2' }));
    await waitFor(() => expect(approve).toBeEnabled());
    expect(print).toBeDisabled();
    expect(print).toHaveAccessibleDescription(
      'Printing waits for an approved dream: approve the sheet first.',
    );
    expect(approvals).toHaveLength(0);
    expect(prints).toHaveLength(0);

    await user.click(approve);
    await waitFor(() => expect(print).toBeEnabled());
    expect(print).toHaveAccessibleDescription('Ready to print.');
    expect(prints.length).toBeGreaterThan(0);
    const paper = screen.getByRole('article', { name: 'The sheet as printed' });
    expect(
      within(paper).getByText('I am X. and Mario called me at night by the sea.'),
    ).toBeInTheDocument();
    expect(within(paper).getByText('Sognavo che A. ballava con X. sul tetto.')).toBeInTheDocument();
    expect(within(paper).queryByRole('button')).toBeNull();
  });

  it('reads the sheet again when a dream changed under an answer, saying so', async () => {
    const user = userEvent.setup();
    const { answers, dreams } = renderSheet();
    await screen.findByTestId('sheet-preview-1');
    // Meanwhile an operator edits the first dream in the console: its suspicion moves.
    const edited = `Tonight ${FIRST}`;
    dreams[0]!.original = edited;
    dreams[0]!.found = [
      found(edited, 'Thaddeus', { kind: 'replaced', category: 'author-name', replacement: 'X.' }),
      found(edited, 'Mario', { kind: 'suspected', category: 'other-person', replacement: 'A.' }),
    ];
    await user.click(screen.getByRole('button', { name: 'Keep “Mario” in dream 1' }));
    await waitFor(() => expect(answers).toHaveLength(1));
    expect(
      await screen.findByText(
        'The sheet changed meanwhile; it has been read again. Please answer again.',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('sheet-original-1')).toHaveTextContent(/^Tonight I am Thaddeus/),
    );
    await user.click(screen.getByRole('button', { name: 'Keep “Mario” in dream 1' }));
    await waitFor(() =>
      expect(screen.getByTestId('sheet-review-state-1')).toHaveTextContent('all answered'),
    );
    expect(answers[1]).toEqual({
      answers: [
        { registrationId: '4b1f7c2e-8d0a-4c55-9e3b-2f6a1d9c0e11', spanId: '26-31', answer: 'keep' },
      ],
    });
  });

  it.each([
    [
      'it',
      '2 sospetti da risolvere in questo foglio.',
      'Stampa sospesa: 2 sospetti sono ancora da risolvere.',
      'Tieni «Mario» nel sogno 1',
      'sospetto, tenuto da te: il nome di un’altra persona',
      '1 sospetto da risolvere in questo foglio.',
    ],
    [
      'ro',
      '2 suspiciuni de rezolvat în această foaie.',
      'Tipărirea așteaptă: 2 suspiciuni sunt încă de rezolvat.',
      'Păstrează „Mario” în visul 1',
      'suspect, păstrat de tine: numele altei persoane',
      '1 suspiciune de rezolvat în această foaie.',
    ],
  ])('reviews in %s', async (language, sheetOpen, printHeld, keep, keptMark, oneLeft) => {
    window.localStorage.setItem('language', language);
    try {
      const user = userEvent.setup();
      renderSheet();
      expect(await screen.findByTestId('sheet-open-count')).toHaveTextContent(sheetOpen);
      expect(screen.getByTestId('sheet-print-state')).toHaveTextContent(printHeld);
      await user.click(screen.getByRole('button', { name: keep }));
      await waitFor(() =>
        expect(screen.getByTestId('sheet-open-count')).toHaveTextContent(oneLeft),
      );
      expect(within(screen.getByTestId('sheet-preview-1')).getAllByRole('mark')[1]).toHaveAttribute(
        'title',
        keptMark,
      );
    } finally {
      window.localStorage.removeItem('language');
    }
  });
});
