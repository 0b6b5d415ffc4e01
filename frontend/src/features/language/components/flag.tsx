import type { Language } from '../hooks/use-language';

/** Small drawn flags: emoji flags do not render on every system. */
export function Flag({ language }: { language: Language }) {
  if (language === 'en') {
    return (
      <svg className="flag" viewBox="0 0 60 30" aria-hidden="true" focusable="false">
        <rect width="60" height="30" fill="#012169" />
        <path d="M0,0 L60,30 M60,0 L0,30" stroke="#fff" strokeWidth="6" />
        <path d="M0,0 L60,30 M60,0 L0,30" stroke="#C8102E" strokeWidth="2" />
        <path d="M30,0 V30 M0,15 H60" stroke="#fff" strokeWidth="10" />
        <path d="M30,0 V30 M0,15 H60" stroke="#C8102E" strokeWidth="6" />
      </svg>
    );
  }
  const [left, middle, right] =
    language === 'it' ? ['#009246', '#FFFFFF', '#CE2B37'] : ['#002B7F', '#FCD116', '#CE1126'];
  return (
    <svg className="flag" viewBox="0 0 3 2" aria-hidden="true" focusable="false">
      <rect width="1" height="2" x="0" fill={left} />
      <rect width="1" height="2" x="1" fill={middle} />
      <rect width="1" height="2" x="2" fill={right} />
    </svg>
  );
}
