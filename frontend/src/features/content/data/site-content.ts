/**
 * The people, press items and photos an operator edits, one module per language.
 * Names stay role-based until the real ones may be published (SPEC hides them).
 */
export const PERSON_SLUGS = ['creator', 'actress', 'ai-researcher'] as const;
export type PersonSlug = (typeof PERSON_SLUGS)[number];

export interface Photo {
  src: string;
  alt: string;
}

export interface ProfileLink {
  label: string;
  href: string;
}

export interface Person {
  slug: PersonSlug;
  name: string;
  role: string;
  summary: string;
  biography: string[];
  photos: Photo[];
  links: ProfileLink[];
}

export interface PressItem {
  outlet: string;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  excerpt: string;
  href: string;
  image: Photo;
}

export interface SiteContent {
  people: Person[];
  featuredPress: PressItem;
}
