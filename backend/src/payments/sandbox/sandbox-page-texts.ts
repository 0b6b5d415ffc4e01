import type { Locale } from '../../common/locale';

/** The sandbox checkout page's words, per language (same keys in each). */
export interface SandboxPageTexts {
  title: string;
  testNotice: string;
  summary: string;
  /** The heading of a page that pays a move's difference, not a seat. */
  differenceSummary: string;
  eventLabel: string;
  slotLabel: string;
  amountLabel: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  pay: string;
  cancel: string;
  testCards: string;
  declined: string;
  unknownCard: string;
  badCardNumber: string;
  badExpiry: string;
  badCvc: string;
  expired: string;
  backToSite: string;
  notRecorded: string;
}

export const SANDBOX_PAGE_TEXTS: Record<Locale, SandboxPageTexts> = {
  en: {
    title: 'Test payment',
    testNotice: 'This is a test payment page: no card is charged and no real money moves.',
    summary: 'Your ticket',
    differenceSummary: 'The difference of price, to move your booking to',
    eventLabel: 'Event',
    slotLabel: 'Slot',
    amountLabel: 'Amount',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'CVC',
    pay: 'Pay {amount}',
    cancel: 'Cancel',
    testCards: 'Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.',
    declined: 'Your card was declined. Please try again with another card.',
    unknownCard:
      'This test page accepts only the test cards: 4242 4242 4242 4242 to pay, 4000 0000 0000 0002 to see a decline.',
    badCardNumber: 'Please enter a card number of 16 digits.',
    badExpiry: 'Please enter an expiry date in the future, as MM/YY.',
    badCvc: 'Please enter the 3 or 4 digit security code.',
    expired:
      'This payment page has expired: the seat hold lasts 30 minutes. Please register again.',
    backToSite: 'Back to the site',
    notRecorded: 'The payment could not be recorded just now. Please try again.',
  },
  it: {
    title: 'Pagamento di prova',
    testNotice:
      'Questa è una pagina di pagamento di prova: nessuna carta viene addebitata e non si muove denaro vero.',
    summary: 'Il tuo biglietto',
    differenceSummary: 'La differenza di prezzo, per spostare la prenotazione a',
    eventLabel: 'Evento',
    slotLabel: 'Orario',
    amountLabel: 'Importo',
    cardNumber: 'Numero della carta',
    expiry: 'Scadenza (MM/AA)',
    cvc: 'CVC',
    pay: 'Paga {amount}',
    cancel: 'Annulla',
    testCards: 'Carte di prova: 4242 4242 4242 4242 paga; 4000 0000 0000 0002 viene rifiutata.',
    declined: "La carta è stata rifiutata. Riprova con un'altra carta.",
    unknownCard:
      'Questa pagina di prova accetta solo le carte di prova: 4242 4242 4242 4242 per pagare, 4000 0000 0000 0002 per vedere un rifiuto.',
    badCardNumber: 'Inserisci un numero di carta di 16 cifre.',
    badExpiry: 'Inserisci una data di scadenza futura, nel formato MM/AA.',
    badCvc: 'Inserisci il codice di sicurezza di 3 o 4 cifre.',
    expired:
      'Questa pagina di pagamento è scaduta: il posto resta riservato per 30 minuti. Registrati di nuovo.',
    backToSite: 'Torna al sito',
    notRecorded: 'Non è stato possibile registrare il pagamento in questo momento. Riprova.',
  },
  ro: {
    title: 'Plată de test',
    testNotice:
      'Aceasta este o pagină de plată de test: niciun card nu este debitat și nu se mută bani reali.',
    summary: 'Biletul tău',
    differenceSummary: 'Diferența de preț, pentru a muta rezervarea la',
    eventLabel: 'Eveniment',
    slotLabel: 'Interval',
    amountLabel: 'Sumă',
    cardNumber: 'Numărul cardului',
    expiry: 'Expirare (LL/AA)',
    cvc: 'CVC',
    pay: 'Plătește {amount}',
    cancel: 'Anulează',
    testCards: 'Carduri de test: 4242 4242 4242 4242 plătește; 4000 0000 0000 0002 este refuzat.',
    declined: 'Cardul tău a fost refuzat. Te rugăm să încerci din nou cu alt card.',
    unknownCard:
      'Această pagină de test acceptă doar cardurile de test: 4242 4242 4242 4242 pentru plată, 4000 0000 0000 0002 pentru un refuz.',
    badCardNumber: 'Te rugăm să introduci un număr de card de 16 cifre.',
    badExpiry: 'Te rugăm să introduci o dată de expirare viitoare, în formatul LL/AA.',
    badCvc: 'Te rugăm să introduci codul de securitate de 3 sau 4 cifre.',
    expired:
      'Această pagină de plată a expirat: locul este păstrat 30 de minute. Te rugăm să te înscrii din nou.',
    backToSite: 'Înapoi la site',
    notRecorded: 'Plata nu a putut fi înregistrată acum. Te rugăm să încerci din nou.',
  },
};
