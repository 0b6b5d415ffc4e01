import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import cameraImage from '../../../assets/instant-camera.svg';
import dreamImage from '../../../assets/dream-moon.svg';

const STEPS = ['howItWorks.step1', 'howItWorks.step2'] as const;
const FAQ = ['faq.q1', 'faq.q2', 'faq.q3', 'faq.q4', 'faq.q5'] as const;
const PAGE_LINKS = [
  { to: '/about', id: 'nav.about' },
  { to: '/who-we-are', id: 'nav.whoWeAre' },
  { to: '/press', id: 'nav.press' },
  { to: '/past-events', id: 'nav.pastEvents' },
] as const;

export function ExperienceSection() {
  return (
    <section className="section" aria-labelledby="experience-title">
      <h2 id="experience-title">
        <FormattedMessage id="experience.title" />
      </h2>
      <p className="section__lead">
        <FormattedMessage id="experience.body" />
      </p>
      <div className="card-grid card-grid--two">
        <article className="card experience-card">
          <img src={dreamImage} alt="" width="96" height="96" />
          <h3>
            <FormattedMessage id="experience.dreams.title" />
          </h3>
          <p>
            <FormattedMessage id="experience.dreams.body" />
          </p>
        </article>
        <article className="card experience-card">
          <img src={cameraImage} alt="" width="96" height="96" />
          <h3>
            <FormattedMessage id="experience.cameras.title" />
          </h3>
          <p>
            <FormattedMessage id="experience.cameras.body" />
          </p>
        </article>
      </div>
    </section>
  );
}

export function HowItWorksSection() {
  return (
    <section className="section" aria-labelledby="how-title">
      <h2 id="how-title">
        <FormattedMessage id="howItWorks.title" />
      </h2>
      <ol className="steps">
        {STEPS.map((step, index) => (
          <li key={step} className="card step">
            <span className="step__number" aria-hidden="true">
              {index + 1}
            </span>
            <h3>
              <FormattedMessage id={`${step}.title`} />
            </h3>
            <p>
              <FormattedMessage id={`${step}.body`} />
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function VisionSection() {
  return (
    <section className="section vision" aria-labelledby="vision-title">
      <h2 id="vision-title">
        <FormattedMessage id="vision.title" />
      </h2>
      <blockquote className="quote">
        <p>
          <FormattedMessage id="vision.quote" />
        </p>
      </blockquote>
      <p>
        <FormattedMessage id="vision.body" />
      </p>
    </section>
  );
}

export function FaqSection() {
  return (
    <section className="section" aria-labelledby="faq-title">
      <h2 id="faq-title">
        <FormattedMessage id="faq.title" />
      </h2>
      <div className="faq">
        {FAQ.map((question) => (
          <details key={question} className="faq__item">
            <summary>
              <FormattedMessage id={`${question}.question`} />
            </summary>
            <p>
              <FormattedMessage id={`${question}.answer`} />
            </p>
          </details>
        ))}
      </div>
    </section>
  );
}

export function ExploreSection() {
  return (
    <section className="section" aria-labelledby="explore-title">
      <h2 id="explore-title">
        <FormattedMessage id="explore.title" />
      </h2>
      <div className="card-grid card-grid--two">
        <Link to="/dreams" className="card card--link">
          <h3>
            <FormattedMessage id="explore.dreams.title" />
          </h3>
          <p>
            <FormattedMessage id="explore.dreams.body" />
          </p>
          <span className="text-link" aria-hidden="true">
            →
          </span>
        </Link>
        <Link to="/polaroid" className="card card--link">
          <h3>
            <FormattedMessage id="explore.polaroid.title" />
          </h3>
          <p>
            <FormattedMessage id="explore.polaroid.body" />
          </p>
          <span className="text-link" aria-hidden="true">
            →
          </span>
        </Link>
      </div>
      <nav className="page-buttons" aria-labelledby="explore-more-title">
        <h3 id="explore-more-title" className="visually-hidden">
          <FormattedMessage id="explore.more" />
        </h3>
        {PAGE_LINKS.map((link) => (
          <Link key={link.to} to={link.to} className="button button--ghost">
            <FormattedMessage id={link.id} />
          </Link>
        ))}
      </nav>
    </section>
  );
}
