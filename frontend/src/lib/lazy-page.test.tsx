import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { CHUNK_RETRIES, lazyPage, retryFailedChunks } from './lazy-page';

describe('lazyPage', () => {
  it('retries a failed chunk, then fails into the boundary, and loads again on Retry', async () => {
    const user = userEvent.setup();
    let online = false;
    let attempts = 0;
    const About = lazyPage(async () => {
      attempts += 1;
      if (!online) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: ({ title }: { title: string }) => <h1>{title}</h1> };
    });
    render(
      <ErrorBoundary
        onRetry={retryFailedChunks}
        fallback={(retry) => (
          <button type="button" onClick={retry}>
            Retry
          </button>
        )}
      >
        <Suspense fallback={<p>Loading...</p>}>
          <About title="About the performance" />
        </Suspense>
      </ErrorBoundary>,
    );
    const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 8000 });
    expect(attempts).toBe(1 + CHUNK_RETRIES);

    online = true;
    await user.click(retry);
    expect(await screen.findByRole('heading', { name: 'About the performance' })).toBeVisible();
    expect(attempts).toBe(2 + CHUNK_RETRIES);
  });
});

describe('lazyPage, loaded ahead', () => {
  /** A page headed `title` whose code arrives when `arrive()` is called; `loads()` counts asks. */
  function slowPage(title: string) {
    let loads = 0;
    let arrive!: () => void;
    const arrived = new Promise<void>((settle) => (arrive = settle));
    const Page = lazyPage(async () => {
      loads += 1;
      await arrived;
      return { default: () => <h1>{title}</h1> };
    });
    return { Page, arrive, arrived, loads: () => loads };
  }

  it('draws a page whose code has arrived at once, without its fallback, and loads it once', async () => {
    const { Page: Account, arrive, arrived, loads } = slowPage('Your account');
    Account.preload();
    Account.preload();
    arrive();
    // The load settles in the microtasks after its promise; then the page is drawn.
    await act(async () => {
      await arrived;
    });
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Account />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Your account' })).toBeVisible();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(loads()).toBe(1);
  });

  it('shows the fallback while the code is on its way, and the page when it comes', async () => {
    const { Page: Tour, arrive, loads } = slowPage('The tour');
    Tour.preload();
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Tour />
      </Suspense>,
    );
    expect(screen.getByText('Loading...')).toBeVisible();
    arrive();
    expect(await screen.findByRole('heading', { name: 'The tour' })).toBeVisible();
    expect(loads()).toBe(1);
  });

  it('leaves a failed preload to the page, which asks for its code again when drawn', async () => {
    let attempts = 0;
    let online = false;
    const Sheet = lazyPage(async () => {
      attempts += 1;
      if (!online) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: () => <h1>The performers' sheet</h1> };
    });
    Sheet.preload();
    await waitFor(() => expect(attempts).toBe(1 + CHUNK_RETRIES), { timeout: 8000 });
    online = true;
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Sheet />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: "The performers' sheet" })).toBeVisible();
    expect(attempts).toBe(2 + CHUNK_RETRIES);
  });
});
