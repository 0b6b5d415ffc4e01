import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders } from '../test/render';
import { ToastOutlet, useToast } from './toast';

function Page({ outlet }: { outlet: boolean }) {
  const toast = useToast();
  const [shown, setShown] = useState(false);
  return (
    <div data-testid="page">
      {outlet && <ToastOutlet />}
      <button
        type="button"
        onClick={() => {
          setShown(true);
          toast({ title: 'Access Granted', description: 'Welcome.' });
        }}
      >
        {shown ? 'Shown' : 'Show'}
      </button>
    </div>
  );
}

describe('toasts', () => {
  it('are laid over the page, by default', async () => {
    renderWithProviders(<Page outlet={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    const title = await screen.findByText('Access Granted');
    expect(screen.getByTestId('page')).not.toContainElement(title);
  });

  it('take their place in the page’s flow where it has a ToastOutlet, still announced', async () => {
    renderWithProviders(<Page outlet />);
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    const title = await screen.findByText('Access Granted');
    const outlet = screen.getByTestId('page').querySelector('.toast-outlet')!;
    expect(outlet).toContainElement(title);
    expect(outlet.querySelector('.toast-viewport--inline')).not.toBeNull();
    // Radix speaks each toast through a live region of its own.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(
      [...document.querySelectorAll('[aria-live], [role="status"]')].some((region) =>
        region.textContent?.includes('Access Granted'),
      ),
    ).toBe(true);
  });
});
