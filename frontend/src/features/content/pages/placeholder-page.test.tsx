import { act, screen } from '@testing-library/react';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import PlaceholderPage from './placeholder-page';

beforeEach(() => {
  window.localStorage.clear();
  fakeFetch(() => ({ body: [] }));
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('PlaceholderPage', () => {
  it('types the coming text one character every 150 ms, with the loading message', () => {
    const { container } = renderWithProviders(<PlaceholderPage page="dreams" />);
    const typed = () => container.querySelector('.typewriter [aria-hidden="true"]')?.textContent;
    expect(screen.getByRole('heading', { name: 'Dreams' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Loading the dreams of past performances...',
    );
    // Screen readers get the whole sentence at once.
    expect(screen.getByText('The dream archive is coming...')).toHaveClass('visually-hidden');
    expect(typed()).toBe('');
    act(() => jest.advanceTimersByTime(149));
    expect(typed()).toBe('');
    act(() => jest.advanceTimersByTime(1));
    expect(typed()).toBe('T');
    const tick = (times: number) => {
      for (let step = 0; step < times; step += 1) act(() => jest.advanceTimersByTime(150));
    };
    tick(3);
    expect(typed()).toBe('The ');
    tick(100);
    expect(typed()).toBe('The dream archive is coming...');
  });
});
