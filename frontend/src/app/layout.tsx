import { Suspense, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { RegisterLink } from '../components/register-link';
import { CONTENT_PAGES } from '../features/content/data/content-pages';
import { LanguageSwitcher } from '../features/language/components/language-switcher';
import { retryFailedChunks } from '../lib/lazy-page';

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);
  return null;
}

/** Shown in place of a page that could not load or render; the header and the form stay. */
function PageFailed({ retry }: { retry: () => void }) {
  return (
    <div className="page-failed" role="alert">
      <h1>
        <FormattedMessage id="error.page.title" />
      </h1>
      <p>
        <FormattedMessage id="error.page.body" />
      </p>
      <button type="button" className="button button--primary" onClick={retry}>
        <FormattedMessage id="common.retry" />
      </button>
    </div>
  );
}

/** The page inside the site's frame or a full screen's: loading, failure and retry alike. */
function PageOutlet() {
  const { pathname } = useLocation();
  return (
    <Suspense
      fallback={
        <p className="page-loading" role="status">
          <FormattedMessage id="common.loading" />
        </p>
      }
    >
      <ErrorBoundary
        key={pathname}
        onRetry={retryFailedChunks}
        fallback={(retry) => <PageFailed retry={retry} />}
      >
        <Outlet />
      </ErrorBoundary>
    </Suspense>
  );
}

/**
 * The Command Center's pages: none of the site's header, menu and footer, whose links lead away
 * from the work. Each page draws the console's own shell (its header and its main landmark).
 */
export function ConsoleLayout() {
  const { pathname } = useLocation();
  // Scrolled to the top on a new page, as the site's pages are.
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);
  return (
    <>
      <a className="skip-link" href="#main">
        <FormattedMessage id="common.skipToContent" />
      </a>
      <div className="console-frame">
        <PageOutlet />
      </div>
    </>
  );
}

export function Layout() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  // Following a link closes the phone menu.
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }
  return (
    <>
      <ScrollToTop />
      <a className="skip-link" href="#main">
        <FormattedMessage id="common.skipToContent" />
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <Link to="/" className="site-header__brand">
            <span className="site-header__mark" aria-hidden="true">
              ◐
            </span>
            <FormattedMessage id="site.name" />
          </Link>
          <button
            type="button"
            className="button button--small button--ghost site-header__menu"
            aria-expanded={menuOpen}
            aria-controls="site-nav"
            onClick={() => setMenuOpen((open) => !open)}
            onKeyDown={(key) => {
              if (key.key === 'Escape') setMenuOpen(false);
            }}
          >
            <span aria-hidden="true">☰</span>
            <FormattedMessage id="nav.menu" />
          </button>
          <nav
            id="site-nav"
            aria-label={intl.formatMessage({ id: 'nav.label' })}
            className={`site-nav${menuOpen ? ' site-nav--open' : ''}`}
            onKeyDown={(key) => {
              if (key.key === 'Escape') setMenuOpen(false);
            }}
          >
            <ul>
              {CONTENT_PAGES.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to}>
                    <FormattedMessage id={item.id} />
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <RegisterLink labelId="nav.register" className="button button--small site-header__cta" />
        </div>
      </header>
      <LanguageSwitcher />
      <main id="main" tabIndex={-1}>
        <PageOutlet />
      </main>
      <footer className="site-footer">
        <p>
          <FormattedMessage id="footer.tagline" />
        </p>
        <p>
          <FormattedMessage id="footer.copyright" values={{ year: 2025 }} />
        </p>
      </footer>
    </>
  );
}
