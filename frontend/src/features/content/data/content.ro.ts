import actress from '../../../assets/portrait-actress.svg';
import creator from '../../../assets/portrait-creator.svg';
import rehearsal from '../../../assets/darkroom-rehearsal.svg';
import polaroids from '../../../assets/polaroid-stack.svg';
import pressImage from '../../../assets/press-article.svg';
import researcher from '../../../assets/portrait-researcher.svg';
import type { SiteContent } from './site-content';

export const contentRo: SiteContent = {
  people: [
    {
      slug: 'creator',
      name: 'Creatorul',
      role: 'Creator și regizor',
      summary:
        'A conceput experimentul și regizează fiecare reprezentație din interiorul întunericului.',
      biography: [
        'Artist vizual și regizor de teatru, lucrează de zece ani cu lumina, sau mai degrabă cu absența ei. Lucrările sale se întreabă ce poate vedea împreună un grup de străini atunci când nimeni nu vede nimic.',
        'Experimentul despre inconștientul colectiv a început ca o serie de ateliere nocturne în sudul Italiei, în care participanții își împărtășeau visele și le fotografiau pe nevăzute. De atunci a ajuns la Matera, Napoli și Milano.',
      ],
      photos: [
        { src: creator, alt: 'Portretul creatorului în siluetă pe un fundal violet' },
        {
          src: rehearsal,
          alt: 'Participanți așezați în cerc, în întuneric, în timpul unei repetiții',
        },
      ],
      links: [{ label: 'Portofoliu', href: 'https://example.com/creator' }],
    },
    {
      slug: 'actress',
      name: 'Actrița',
      role: 'Interpretă',
      summary: 'Dă glas viselor anonimizate pe care le împărtășesc participanții.',
      biography: [
        'Actriță de teatru și film, formată în teatrul fizic. În spectacol este singura voce din sală: citește visele trimise de participanți, anonimizate și țesute într-o singură poveste.',
        'Joacă din memorie și în întuneric total, pentru ca fiecare cuvânt să ajungă la public fără un chip căruia să-i aparțină.',
      ],
      photos: [
        { src: actress, alt: 'Portretul actriței în siluetă pe un fundal roz' },
        { src: polaroids, alt: 'Două fotografii instant făcute în timpul unui spectacol' },
      ],
      links: [],
    },
    {
      slug: 'ai-researcher',
      name: 'Cercetătorul AI',
      role: 'Cercetător în inteligență artificială',
      summary: 'Studiază imaginile care se repetă în sute de vise.',
      biography: [
        'Cercetător în învățare automată și limbaj. A construit procesul care elimină numele și locurile din fiecare vis și găsește imaginile pe care oameni diferiți le au în comun fără să știe.',
        'Întrebarea sa pentru proiect: dacă mulți oameni visează același lucru în nopți diferite, este o coincidență, o cultură sau altceva?',
      ],
      photos: [
        { src: researcher, alt: 'Portretul cercetătorului AI în siluetă pe un fundal turcoaz' },
        { src: rehearsal, alt: 'Spațiul spectacolului înainte să se stingă luminile' },
      ],
      links: [{ label: 'Profil de cercetare', href: 'https://example.com/ai-researcher' }],
    },
  ],
  featuredPress: {
    outlet: 'Arts Journal',
    title: 'Douăzeci de străini, un singur vis: în interiorul experimentului camerei obscure',
    date: '2025-09-20',
    excerpt:
      'Timp de treizeci de minute nimeni nu vede nimic. Apoi fotografiile instant încep să se developeze, iar sala descoperă ce a visat împreună.',
    href: 'https://example.com/press/darkroom-experiment',
    image: { src: pressImage, alt: 'Prima pagină a articolului prezentat' },
  },
};
