import { Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { PageTitle } from '../components/page-title';
import { Section } from '../components/section';
import { HomeHero } from '../features/content/components/home-hero';
import {
  ExperienceSection,
  ExploreSection,
  FaqSection,
  HowItWorksSection,
  VisionSection,
} from '../features/content/components/home-sections';
import { EventOverview } from '../features/registration/components/event-overview';
import { lazyPage } from '../lib/lazy-page';
import { nextStops, useEvents } from '../lib/catalogue';
import { formatPrice } from '../lib/money';
import { useIntl } from 'react-intl';
import { whenIdle } from '../lib/when-idle';

/*
 * The form and the payment-cancelled screen are shown only once asked for (Register, or the way
 * back from the payment page), so their code is not part of the home route's first render. The
 * form's code is fetched as soon as the page is idle, so that Register opens it at once; a
 * fetch that fails then is asked for again when it is opened (lazyPage's retries, then the
 * error boundary's Retry).
 */
const RegistrationForm = lazyPage(async () => ({
  default: (await import('../features/registration/components/registration-form')).RegistrationForm,
}));
/*
 * The share section, at the page's foot, comes with code of its own: the home route's first
 * load carries what the first screen needs (its budget, scripts/measure-home.mjs). It is
 * prerendered in full all the same (the prerender waits for it), and fetched as the page
 * hydrates; if it cannot load, the page goes without it.
 */
const ShareButtons = lazyPage(async () => ({
  default: (await import('../features/content/components/share-buttons')).ShareButtons,
}));
const PaymentCancelled = lazyPage(async () => ({
  default: (await import('../features/registration/components/payment-cancelled')).PaymentCancelled,
}));

export function HomePage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const registerParam = params.get('register') === 'true';
  // The payment page's Cancel: /?register=true&payment=cancelled&registration=<id>.
  const cancelledRegistration =
    params.get('payment') === 'cancelled' ? params.get('registration') : null;
  const [formOpen, setFormOpen] = useState(false);
  const [scrollRequest, setScrollRequest] = useState(0);
  const [handledVisit, setHandledVisit] = useState<string | null>(null);
  // The heading the form's section opens on (the form's, or the payment-cancelled screen's):
  // a node in state, since its code may arrive after the request to bring it into view.
  const [formHeading, setFormHeading] = useState<HTMLHeadingElement | null>(null);
  const scrolledFor = useRef(0);

  // Each visit to /?register=true (a link from another page, or the header's Register link
  // clicked again) opens the form and brings it into view.
  if (registerParam && handledVisit !== location.key) {
    setHandledVisit(location.key);
    setFormOpen(true);
    setScrollRequest((count) => count + 1);
  }

  useEffect(() => {
    if (!scrollRequest || scrolledFor.current === scrollRequest || !formHeading) return;
    scrolledFor.current = scrollRequest;
    formHeading.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    formHeading.focus({ preventScroll: true });
  }, [scrollRequest, formHeading]);

  useEffect(() => whenIdle(RegistrationForm.preload), []);

  // The stop the form starts on, and its price in its currency (else the tour's last stop's): the
  // hero and how-it-works name it, and no text of the page writes a price of its own.
  const intl = useIntl();
  const events = useEvents().data ?? [];
  const [open] = nextStops(events);
  const priced = open ?? events.at(-1);
  const price = priced && formatPrice(priced.priceMinor, priced.currency, intl.locale);

  const openForm = () => {
    setFormOpen(true);
    setScrollRequest((count) => count + 1);
  };

  return (
    <>
      <PageTitle id="home.title" />
      <HomeHero onRegister={openForm} formOpen={formOpen} open={open} price={price} />
      <Section titleId="event.title" headingId="event-title">
        <EventOverview />
      </Section>
      <section id="register" className="section register" hidden={!formOpen}>
        <Suspense fallback={null}>
          {formOpen && cancelledRegistration && (
            <PaymentCancelled registrationId={cancelledRegistration} headingRef={setFormHeading} />
          )}
          {formOpen && (
            <RegistrationForm headingRef={cancelledRegistration ? undefined : setFormHeading} />
          )}
        </Suspense>
      </section>
      <ExperienceSection />
      <HowItWorksSection price={price} />
      <VisionSection />
      <FaqSection />
      <ExploreSection />
      <ErrorBoundary fallback={() => null}>
        <Suspense fallback={null}>
          <ShareButtons />
        </Suspense>
      </ErrorBoundary>
    </>
  );
}
