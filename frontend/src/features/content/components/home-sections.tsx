import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import cameraImage from '../../../assets/instant-camera.svg';
import dreamImage from '../../../assets/dream-moon.svg';
import { Section } from '../../../components/section';
import { CONTENT_PAGES } from '../data/content-pages';
import { Quote } from './quote';

const EXPERIENCES = [
  { prefix: 'experience.dreams', image: dreamImage },
  { prefix: 'experience.cameras', image: cameraImage },
] as const;
const STEPS = ['howItWorks.step1', 'howItWorks.step2'] as const;
const FAQ = ['faq.q1', 'faq.q2', 'faq.q3', 'faq.q4', 'faq.q5'] as const;
const EXPLORE = [
  { to: '/dreams', prefix: 'explore.dreams' },
  { to: '/polaroid', prefix: 'explore.polaroid' },
] as const;

/**
 * A card's heading and text: the catalogue's `<prefix>.title` and `<prefix>.body`, given
 * `values` (the stop's price as `{price}`).
 */
function TitleAndBody({ prefix, values }: { prefix: string; values?: Record<string, string> }) {
  return (
    <>
      <h3>
        <FormattedMessage id={`${prefix}.title`} />
      </h3>
      <p>
        <FormattedMessage id={`${prefix}.body`} values={values} />
      </p>
    </>
  );
}

export function ExperienceSection() {
  return (
    <Section titleId="experience.title" headingId="experience-title">
      <p className="section__lead">
        <FormattedMessage id="experience.body" />
      </p>
      <div className="card-grid card-grid--two">
        {EXPERIENCES.map((experience) => (
          <article key={experience.prefix} className="card experience-card">
            <img src={experience.image} alt="" width="96" height="96" />
            <TitleAndBody prefix={experience.prefix} />
          </article>
        ))}
      </div>
    </Section>
  );
}

/** How it works; `price`: the stop's price the page names (HomePage's), never one of its own. */
export function HowItWorksSection({ price = '' }: { price?: string }) {
  return (
    <Section titleId="howItWorks.title" headingId="how-title">
      <ol className="steps">
        {STEPS.map((step, index) => (
          <li key={step} className="card step">
            <span className="step__number" aria-hidden="true">
              {index + 1}
            </span>
            <TitleAndBody prefix={step} values={{ price }} />
          </li>
        ))}
      </ol>
    </Section>
  );
}

export function VisionSection() {
  return (
    <Section titleId="vision.title" headingId="vision-title" className="section vision">
      <Quote id="vision.quote" />
      <p>
        <FormattedMessage id="vision.body" />
      </p>
    </Section>
  );
}

export function FaqSection() {
  return (
    <Section titleId="faq.title" headingId="faq-title">
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
    </Section>
  );
}

export function ExploreSection() {
  return (
    <Section titleId="explore.title" headingId="explore-title">
      <div className="card-grid card-grid--two">
        {EXPLORE.map((page) => (
          <Link key={page.to} to={page.to} className="card card--link">
            <TitleAndBody prefix={page.prefix} />
            <span className="text-link" aria-hidden="true">
              →
            </span>
          </Link>
        ))}
      </div>
      <nav className="page-buttons" aria-labelledby="explore-more-title">
        <h3 id="explore-more-title" className="visually-hidden">
          <FormattedMessage id="explore.more" />
        </h3>
        {CONTENT_PAGES.map((link) => (
          <Link key={link.to} to={link.to} className="button button--ghost">
            <FormattedMessage id={link.id} />
          </Link>
        ))}
      </nav>
    </Section>
  );
}
