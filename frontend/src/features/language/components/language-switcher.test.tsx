import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormattedMessage } from 'react-intl';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { LanguageSwitcher } from './language-switcher';

function Page() {
  return (
    <>
      <LanguageSwitcher />
      <p>
        <FormattedMessage id="nav.press" />
      </p>
    </>
  );
}

beforeEach(() => {
  window.localStorage.clear();
  fakeFetch(() => ({ body: [] }));
});

describe('LanguageSwitcher', () => {
  it('cycles en → it → ro → en with flag, code, label, storage and <html lang>', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Page />);

    const button = screen.getByRole('button', { name: 'Switch language to Italian' });
    expect(button).toHaveTextContent('EN');
    expect(button.querySelector('svg.flag')).not.toBeNull();
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByText('Press')).toBeInTheDocument();

    await user.click(button);
    expect(await screen.findByText('Stampa')).toBeInTheDocument();
    expect(button).toHaveAccessibleName('Switch language to Romanian');
    expect(button).toHaveTextContent('IT');
    expect(window.localStorage.getItem('language')).toBe('it');
    expect(document.documentElement.lang).toBe('it');

    await user.click(button);
    expect(await screen.findByText('Presă')).toBeInTheDocument();
    expect(button).toHaveAccessibleName('Switch language to English');
    expect(button).toHaveTextContent('RO');
    expect(window.localStorage.getItem('language')).toBe('ro');
    expect(document.documentElement.lang).toBe('ro');

    await user.click(button);
    expect(await screen.findByText('Press')).toBeInTheDocument();
    expect(button).toHaveAccessibleName('Switch language to Italian');
    expect(button).toHaveTextContent('EN');
    expect(window.localStorage.getItem('language')).toBe('en');
  });

  it('starts from the stored language', async () => {
    window.localStorage.setItem('language', 'ro');
    renderWithProviders(<Page />);
    expect(await screen.findByText('Presă')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Switch language to English' })).toHaveTextContent(
      'RO',
    );
  });

  it('shows an unknown stored value as English', () => {
    window.localStorage.setItem('language', 'klingon');
    renderWithProviders(<Page />);
    const button = screen.getByRole('button', { name: 'Switch language to Italian' });
    expect(button).toHaveTextContent('EN');
    expect(screen.getByText('Press')).toBeInTheDocument();
  });
});
