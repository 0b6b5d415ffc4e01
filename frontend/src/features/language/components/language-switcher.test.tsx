import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormattedMessage, IntlProvider } from 'react-intl';
import { loadCatalogue } from '../../../app/messages';
import { LanguageProvider } from '../hooks/use-language';
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

const code = (button: HTMLElement) =>
  button.querySelector('.language-switcher__code')?.getAttribute('data-code');

beforeEach(() => {
  window.localStorage.clear();
  fakeFetch(() => ({ body: [] }));
});

describe('LanguageSwitcher', () => {
  it('cycles en → it → ro → en with flag, code, label, storage and <html lang>', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Page />);

    const button = screen.getByRole('button', { name: 'Switch language to Italian' });
    expect(code(button)).toBe('EN');
    expect(button.querySelector('svg.flag')).not.toBeNull();
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByText('Press')).toBeInTheDocument();

    await user.click(button);
    expect(await screen.findByText('Stampa')).toBeInTheDocument();
    expect(button).toHaveAccessibleName('Switch language to Romanian');
    expect(code(button)).toBe('IT');
    expect(window.localStorage.getItem('language')).toBe('it');
    expect(document.documentElement.lang).toBe('it');

    await user.click(button);
    expect(await screen.findByText('Presă')).toBeInTheDocument();
    expect(button).toHaveAccessibleName('Switch language to English');
    expect(code(button)).toBe('RO');
    expect(window.localStorage.getItem('language')).toBe('ro');
    expect(document.documentElement.lang).toBe('ro');

    await user.click(button);
    expect(await screen.findByText('Press')).toBeInTheDocument();
    expect(button).toHaveAccessibleName('Switch language to Italian');
    expect(code(button)).toBe('EN');
    expect(window.localStorage.getItem('language')).toBe('en');
  });

  it('starts from the stored language', async () => {
    window.localStorage.setItem('language', 'ro');
    renderWithProviders(<Page />);
    expect(await screen.findByText('Presă')).toBeInTheDocument();
    expect(code(screen.getByRole('button', { name: 'Switch language to English' }))).toBe('RO');
  });

  it('shows an unknown stored value as English', () => {
    window.localStorage.setItem('language', 'klingon');
    renderWithProviders(<Page />);
    const button = screen.getByRole('button', { name: 'Switch language to Italian' });
    expect(code(button)).toBe('EN');
    expect(screen.getByText('Press')).toBeInTheDocument();
  });

  it('keeps the current language and says so when the next one cannot be loaded', async () => {
    const user = userEvent.setup();
    const english = await loadCatalogue('en');
    let online = false;
    const prepare = (language: string) =>
      online || language === 'en' ? Promise.resolve() : Promise.reject(new TypeError('offline'));
    render(
      <LanguageProvider prepare={prepare}>
        <IntlProvider locale="en" messages={english}>
          <Page />
        </IntlProvider>
      </LanguageProvider>,
    );
    const button = screen.getByRole('button', { name: 'Switch language to Italian' });
    await user.click(button);
    expect(
      await screen.findByText(
        'The Italian texts could not be loaded, so the site stays in English. Check your connection and try again.',
      ),
    ).toBeInTheDocument();
    expect(code(button)).toBe('EN');
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem('language')).toBeNull();

    online = true;
    await user.click(button);
    expect(await screen.findByRole('button', { name: 'Switch language to Romanian' })).toBe(button);
    expect(code(button)).toBe('IT');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
