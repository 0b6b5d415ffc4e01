import actress from '../../../assets/portrait-actress.svg';
import creator from '../../../assets/portrait-creator.svg';
import rehearsal from '../../../assets/darkroom-rehearsal.svg';
import polaroids from '../../../assets/polaroid-stack.svg';
import pressImage from '../../../assets/press-article.svg';
import researcher from '../../../assets/portrait-researcher.svg';
import type { SiteContent } from './site-content';

export const contentEn: SiteContent = {
  people: [
    {
      slug: 'creator',
      name: 'The Creator',
      role: 'Creator and director',
      summary: 'Conceived the experiment and directs each performance from inside the dark.',
      biography: [
        'A visual artist and stage director who has spent a decade working with light, or rather with its absence. Their work asks what a group of strangers can see together when nobody can see anything at all.',
        'The collective-unconscious experiment began as a series of night-time workshops in Southern Italy, where participants shared dreams and photographed them blind. It has since toured Matera, Napoli and Milano.',
      ],
      photos: [
        { src: creator, alt: 'Portrait of the creator in silhouette against a violet glow' },
        { src: rehearsal, alt: 'Participants seated in a circle in the dark during a rehearsal' },
      ],
      links: [{ label: 'Portfolio', href: 'https://example.com/creator' }],
    },
    {
      slug: 'actress',
      name: 'The Actress',
      role: 'Performer',
      summary: 'Gives voice to the anonymised dreams that participants share.',
      biography: [
        'A stage and film actress trained in physical theatre. In the performance she is the only voice in the room, reading the dreams that participants sent in, anonymised and woven into one story.',
        'She works from memory and in total darkness, so that every word reaches the audience without a face attached to it.',
      ],
      photos: [
        { src: actress, alt: 'Portrait of the actress in silhouette against a rose glow' },
        { src: polaroids, alt: 'Two instant photographs taken during a performance' },
      ],
      links: [],
    },
    {
      slug: 'ai-researcher',
      name: 'The AI Researcher',
      role: 'AI researcher',
      summary: 'Studies the patterns that repeat across hundreds of dreams.',
      biography: [
        'A researcher in machine learning and language. They built the process that removes names and places from each dream and finds the images that different people share without knowing it.',
        'Their question for the project: if many people dream the same thing on different nights, is that a coincidence, a culture, or something else?',
      ],
      photos: [
        { src: researcher, alt: 'Portrait of the AI researcher in silhouette against a cyan glow' },
        { src: rehearsal, alt: 'The performance space before the lights go out' },
      ],
      links: [{ label: 'Research profile', href: 'https://example.com/ai-researcher' }],
    },
  ],
  featuredPress: {
    outlet: 'Arts Journal',
    title: 'Twenty strangers, one dream: inside the darkroom experiment',
    date: '2025-09-20',
    excerpt:
      'For thirty minutes nobody can see a thing. Then the instant photographs start to develop, and the room discovers what it dreamed together.',
    href: 'https://example.com/press/darkroom-experiment',
    image: { src: pressImage, alt: 'Front page of the featured article' },
  },
};
