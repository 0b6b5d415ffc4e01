import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation, useSearchParams } from 'react-router';
import { PageTitle } from '../components/page-title';
import { HomeHero } from '../features/content/components/home-hero';
import {
  ExperienceSection,
  ExploreSection,
  FaqSection,
  HowItWorksSection,
  VisionSection,
} from '../features/content/components/home-sections';
import { ShareButtons } from '../features/content/components/share-buttons';
import { EventOverview } from '../features/registration/components/event-overview';
import { PaymentCancelled } from '../features/registration/components/payment-cancelled';
import { RegistrationForm } from '../features/registration/components/registration-form';

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
  const formHeading = useRef<HTMLHeadingElement>(null);

  // Each visit to /?register=true (a link from another page, or the header's Register link
  // clicked again) opens the form and brings it into view.
  if (registerParam && handledVisit !== location.key) {
    setHandledVisit(location.key);
    setFormOpen(true);
    setScrollRequest((count) => count + 1);
  }

  useEffect(() => {
    if (!scrollRequest || !formHeading.current) return;
    formHeading.current.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    formHeading.current.focus({ preventScroll: true });
  }, [scrollRequest]);

  const openForm = () => {
    setFormOpen(true);
    setScrollRequest((count) => count + 1);
  };

  return (
    <>
      <PageTitle id="home.title" />
      <HomeHero onRegister={openForm} formOpen={formOpen} />
      <section className="section" aria-labelledby="event-title">
        <h2 id="event-title">
          <FormattedMessage id="event.title" />
        </h2>
        <EventOverview />
      </section>
      <section id="register" className="section register" hidden={!formOpen}>
        {formOpen && cancelledRegistration && (
          <PaymentCancelled registrationId={cancelledRegistration} headingRef={formHeading} />
        )}
        {formOpen && (
          <RegistrationForm headingRef={cancelledRegistration ? undefined : formHeading} />
        )}
      </section>
      <ExperienceSection />
      <HowItWorksSection />
      <VisionSection />
      <FaqSection />
      <ExploreSection />
      <ShareButtons />
    </>
  );
}
