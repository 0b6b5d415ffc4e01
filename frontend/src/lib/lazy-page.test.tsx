import { render, screen } from '@testing-library/react';
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
