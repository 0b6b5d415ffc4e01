import { Suspense, useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { LanguageSwitcher } from '../features/language/components/language-switcher';

const NAV_ITEMS = [
  { to: '/about', id: 'nav.about' },
  { to: '/who-we-are', id: 'nav.whoWeAre' },
  { to: '/press', id: 'nav.press' },
  { to: '/past-events', id: 'nav.pastEvents' },
] as const;

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);
  return null;
}

export function Layout() {
  const intl = useIntl();
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
          <nav aria-label={intl.formatMessage({ id: 'nav.label' })} className="site-nav">
            <ul>
              {NAV_ITEMS.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to}>
                    <FormattedMessage id={item.id} />
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <Link to="/?register=true" className="button button--small site-header__cta">
            <FormattedMessage id="nav.register" />
          </Link>
        </div>
      </header>
      <LanguageSwitcher />
      <main id="main" tabIndex={-1}>
        <Suspense
          fallback={
            <p className="page-loading" role="status">
              <FormattedMessage id="common.loading" />
            </p>
          }
        >
          <Outlet />
        </Suspense>
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
