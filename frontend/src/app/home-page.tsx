import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router';
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
import { RegistrationForm } from '../features/registration/components/registration-form';

export function HomePage() {
  const [params] = useSearchParams();
  const registerParam = params.get('register') === 'true';
  const [formOpen, setFormOpen] = useState(registerParam);
  const [scrollRequest, setScrollRequest] = useState(registerParam ? 1 : 0);
  const formHeading = useRef<HTMLHeadingElement>(null);

  if (registerParam && !formOpen) {
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
        {formOpen && <RegistrationForm headingRef={formHeading} />}
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
