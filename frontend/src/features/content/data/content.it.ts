import actress from '../../../assets/portrait-actress.svg';
import creator from '../../../assets/portrait-creator.svg';
import rehearsal from '../../../assets/darkroom-rehearsal.svg';
import polaroids from '../../../assets/polaroid-stack.svg';
import pressImage from '../../../assets/press-article.svg';
import researcher from '../../../assets/portrait-researcher.svg';
import type { SiteContent } from './site-content';

export const contentIt: SiteContent = {
  people: [
    {
      slug: 'creator',
      name: 'Il creatore',
      role: 'Ideatore e regista',
      summary: "Ha concepito l'esperimento e dirige ogni replica dall'interno del buio.",
      biography: [
        'Artista visivo e regista teatrale, lavora da dieci anni con la luce, o meglio con la sua assenza. Il suo lavoro si chiede che cosa possa vedere insieme un gruppo di sconosciuti quando nessuno vede nulla.',
        "L'esperimento sull'inconscio collettivo è nato come una serie di laboratori notturni nel Sud Italia, in cui i partecipanti condividevano i propri sogni e li fotografavano alla cieca. Da allora ha toccato Matera, Napoli e Milano.",
      ],
      photos: [
        { src: creator, alt: 'Ritratto del creatore in controluce su un bagliore viola' },
        { src: rehearsal, alt: 'Partecipanti seduti in cerchio al buio durante una prova' },
      ],
      links: [{ label: 'Portfolio', href: 'https://example.com/creator' }],
    },
    {
      slug: 'actress',
      name: "L'attrice",
      role: 'Interprete',
      summary: 'Dà voce ai sogni anonimi condivisi dai partecipanti.',
      biography: [
        "Attrice di teatro e di cinema, formata nel teatro fisico. Nello spettacolo è l'unica voce nella stanza: legge i sogni inviati dai partecipanti, resi anonimi e intrecciati in un solo racconto.",
        'Recita a memoria e nel buio totale, perché ogni parola arrivi al pubblico senza un volto a cui appartenere.',
      ],
      photos: [
        { src: actress, alt: "Ritratto dell'attrice in controluce su un bagliore rosa" },
        { src: polaroids, alt: 'Due fotografie istantanee scattate durante uno spettacolo' },
      ],
      links: [],
    },
    {
      slug: 'ai-researcher',
      name: 'Il ricercatore di IA',
      role: 'Ricercatore di intelligenza artificiale',
      summary: 'Studia le immagini che si ripetono in centinaia di sogni.',
      biography: [
        'Ricercatore di apprendimento automatico e linguaggio. Ha costruito il procedimento che toglie nomi e luoghi da ogni sogno e trova le immagini che persone diverse condividono senza saperlo.',
        'La sua domanda per il progetto: se molte persone sognano la stessa cosa in notti diverse, è un caso, una cultura o qualcos’altro?',
      ],
      photos: [
        {
          src: researcher,
          alt: 'Ritratto del ricercatore di IA in controluce su un bagliore azzurro',
        },
        { src: rehearsal, alt: 'Lo spazio della performance prima che si spengano le luci' },
      ],
      links: [{ label: 'Profilo di ricerca', href: 'https://example.com/ai-researcher' }],
    },
  ],
  featuredPress: {
    outlet: 'Arts Journal',
    title: "Venti sconosciuti, un solo sogno: dentro l'esperimento della camera oscura",
    date: '2025-09-20',
    excerpt:
      'Per trenta minuti nessuno vede nulla. Poi le fotografie istantanee iniziano a svilupparsi, e la sala scopre che cosa ha sognato insieme.',
    href: 'https://example.com/press/darkroom-experiment',
    image: { src: pressImage, alt: "Prima pagina dell'articolo in evidenza" },
  },
};
