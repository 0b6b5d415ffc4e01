import type { Locale } from '../../common/locale';

/**
 * The words of every email, per language. The three catalogues have the same keys (the type
 * makes a missing one a compile error). Placeholders: {name}, {event}, {when}, {venue},
 * {code}, {contact}, {amount}.
 */
export interface MessageTexts {
  siteName: string;
  greeting: string;
  signOff: string;
  paymentConfirmedSubject: string;
  paymentConfirmedIntro: string;
  detailsHeading: string;
  eventLabel: string;
  whenLabel: string;
  venueLabel: string;
  priceLabel: string;
  arriveEarly: string;
  performanceLength: string;
  chatHeading: string;
  chatInstructions: string;
  cancellation: string;
  calendarNote: string;
  ticketHeading: string;
  ticketInstructions: string;
  ticketImageAlt: string;
  ticketCodeLabel: string;
  waitingListJoinedSubject: string;
  waitingListJoinedIntro: string;
  waitingListJoinedNoPayment: string;
  waitingListJoinedNext: string;
  waitingListConfirmedSubject: string;
  waitingListConfirmedIntro: string;
  lateRefundSubject: string;
  lateRefundIntro: string;
  lateRefundAmount: string;
  lateRefundNext: string;
  refundSubject: string;
  refundWrongAmountIntro: string;
  refundSecondPaymentIntro: string;
  refundSlotClosedIntro: string;
  refundNext: string;
  questions: string;
  calendarSummary: string;
  calendarDescription: string;
  /** The cancel link of a seat paid through the provider: cancelling refunds it. */
  cancellationLink: string;
  /** The cancel link of a seat nothing was paid for (confirmed from the waiting list). */
  cancellationLinkNothingPaid: string;
  cancelledSubject: string;
  cancelledByOperatorIntro: string;
  cancelledByVisitorIntro: string;
  cancelledRefund: string;
  cancelledNoRefund: string;
  offerSubject: string;
  offerIntro: string;
  offerPay: string;
  offerLapse: string;
  /**
   * The show's reminder. Placeholders: {mapUrl} (the venue on a map), {moveUrl}, {handOnUrl}
   * and {changeUntil} (while the visitor may still change their booking).
   */
  reminderSubject: string;
  reminderIntro: string;
  reminderMap: string;
  reminderChangeHeading: string;
  reminderChange: string;
  reminderNoChange: string;
  /** The links to move or hand on a booking, beside the cancel link. {moveUrl}, {handOnUrl}. */
  changeLinks: string;
  /** A booking moved to another slot ({when} and {event}: the new slot's). */
  movedSubject: string;
  movedIntro: string;
  movedWaitingIntro: string;
  movedOldTicket: string;
  /** What became of a moved seat's difference of price ({amount}: the difference). */
  movedDifferencePaid: string;
  movedDifferenceRefunded: string;
  movedDifferenceWaived: string;
  /** A move's difference paid when its seat was no longer held for it: refunded whole. */
  refundMoveUnusedIntro: string;
  /**
   * An operator's move to a dearer slot, its difference asked of the visitor. Placeholders:
   * {moveTo} (the slot it moves to), {amount} (the difference), {moveUntil}, {moveUrl}.
   */
  moveDueSubject: string;
  moveDueIntro: string;
  moveDuePay: string;
  moveDueLapse: string;
  /** A booking handed on: to the new person, and to the one who handed it on. */
  receivedSubject: string;
  receivedIntro: string;
  handedOnSubject: string;
  handedOnIntro: string;
  handedOnErased: string;
  /** An operator's invitation to the Command Center. Placeholders: {role}, {joinUrl}, {until}. */
  invitationSubject: string;
  invitationIntro: string;
  invitationJoin: string;
  invitationExpiry: string;
  invitationIgnore: string;
  roleBoxOffice: string;
  roleDoor: string;
  /**
   * A change of an operator's sign-in factors. Placeholders: {when}, {passkey} (its name), and
   * in noticeBy the one who made it ({who}: noticeBySelf or noticeByOwner).
   */
  noticeSubject: string;
  noticePasskeyAdded: string;
  noticePasskeyRemoved: string;
  noticeTotpSetUp: string;
  noticeRecoveryCodesRenewed: string;
  noticeSecondFactorReset: string;
  noticeBy: string;
  noticeBySelf: string;
  noticeByOwner: string;
  noticeNotYou: string;
}

export const MESSAGE_TEXTS: Record<Locale, MessageTexts> = {
  en: {
    siteName: 'Dream Darkroom',
    greeting: 'Dear {name},',
    signOff: 'See you in the dark,\nDream Darkroom',
    paymentConfirmedSubject: 'Your place is confirmed: Dream Darkroom, {event}',
    paymentConfirmedIntro: 'Thank you: your payment was received and your place is confirmed.',
    detailsHeading: 'Your registration',
    eventLabel: 'Event',
    whenLabel: 'Date and time',
    venueLabel: 'Venue',
    priceLabel: 'Paid',
    arriveEarly: 'Please arrive 15 minutes early: the doors close when the performance begins.',
    performanceLength:
      'The performance lasts 30 minutes of darkness, followed by 15 minutes of reflection.',
    chatHeading: 'Share more dreams',
    chatInstructions:
      'Join the group chat with the code {code}: open the messaging app, choose "Join with code", enter {code}, and send your dreams there whenever they come.',
    cancellation: 'If you cannot come, write to {contact} to cancel.',
    calendarNote: 'The attached invitation adds the performance to your calendar.',
    ticketHeading: 'Your ticket',
    ticketInstructions:
      'Show this code at the door, on your phone or printed. It is yours alone: it lets one person in.',
    ticketImageAlt: "Your ticket's QR code",
    ticketCodeLabel: 'Ticket code',
    waitingListJoinedSubject: 'You are on the waiting list: Dream Darkroom, {event}',
    waitingListJoinedIntro: 'The slot you chose is full, so we have put you on its waiting list.',
    waitingListJoinedNoPayment: 'No payment is required at this time.',
    waitingListJoinedNext:
      'If a place opens up we will write to you at once. If none does, you will not be charged anything.',
    waitingListConfirmedSubject: 'A place opened up for you: Dream Darkroom, {event}',
    waitingListConfirmedIntro:
      'Good news: a place opened up and you have been moved from the waiting list to the confirmed list.',
    lateRefundSubject: 'Your payment was refunded: Dream Darkroom, {event}',
    lateRefundIntro:
      'Your payment arrived after the 30 minutes we hold a seat for, and by then every seat of the slot had been taken.',
    lateRefundAmount:
      'We have refunded the full {amount}; it usually reaches your card within 5 to 10 working days.',
    lateRefundNext: 'We are sorry. You are welcome to register again for another slot.',
    refundSubject: 'A payment was refunded: Dream Darkroom, {event}',
    refundWrongAmountIntro:
      'We received a payment of {paid}, which is not the ticket price of {price}, so it could not confirm a seat.',
    refundSecondPaymentIntro: 'We received a second payment for a place that was already paid for.',
    refundSlotClosedIntro:
      'Your payment arrived after the 30 minutes we hold a seat for, and by then registration for the slot had closed.',
    refundNext:
      'If you still want your place, you are welcome to register again; if you already have one, it stays as it was.',
    questions: 'Questions? Write to {contact}.',
    calendarSummary: 'Dream Darkroom, {event}',
    calendarDescription:
      'Arrive 15 minutes early. 30 minutes of darkness, then 15 minutes of reflection.',
    cancellationLink:
      'If you cannot come, you may cancel until {cancelUntil} and your payment is refunded (after that, write to {contact}). To cancel: {cancelUrl}',
    cancellationLinkNothingPaid:
      'If you cannot come, please cancel until {cancelUntil}, so that your seat goes to someone else (after that, write to {contact}). To cancel: {cancelUrl}',
    cancelledSubject: 'Your registration is cancelled: Dream Darkroom, {event}',
    cancelledByOperatorIntro: 'The organisers have cancelled your registration for this slot.',
    cancelledByVisitorIntro: 'As you asked, your registration for this slot is cancelled.',
    cancelledRefund:
      'We are refunding the full {amount}; it usually reaches your card within 5 to 10 working days.',
    cancelledNoRefund: 'No refund is made for this cancellation.',
    offerSubject: 'A seat is offered to you: Dream Darkroom, {event}',
    offerIntro:
      'A seat opened up in the slot you were waiting for, and it is yours if you want it.',
    offerPay: 'We hold it for you until {offerUntil}. To take it, pay {price} here: {offerUrl}',
    offerLapse:
      'If it is not paid by then, the seat goes to the next person waiting and you leave the waiting list.',
    reminderSubject: 'See you soon in the dark: Dream Darkroom, {event}',
    reminderIntro: 'A reminder of your place at Dream Darkroom: we look forward to seeing you.',
    reminderMap: 'The venue on the map: {mapUrl}',
    reminderChangeHeading: 'If your plans have changed',
    reminderChange:
      'Until {changeUntil} you may move your booking to another slot ({moveUrl}) or hand it on to someone else ({handOnUrl}).',
    reminderNoChange:
      'Your booking can no longer be changed online; if you cannot come, write to {contact}.',
    changeLinks:
      'Until then you may also move your booking to another slot ({moveUrl}) or hand it on to someone else ({handOnUrl}).',
    movedSubject: 'Your booking has moved: Dream Darkroom, {event}',
    movedIntro: 'Your booking has moved to the slot below; your seat is waiting for you there.',
    movedWaitingIntro: "Your place on the waiting list has moved to the slot below's list.",
    movedOldTicket: 'The ticket sent before no longer opens the door: use the one in this email.',
    movedDifferencePaid:
      'You paid the difference of {amount}; its receipt comes in an email of its own.',
    movedDifferenceRefunded:
      'A seat there costs less: we are refunding the difference of {amount} to your card. It usually arrives within 5 to 10 working days; its receipt follows once it is done.',
    movedDifferenceWaived:
      'A seat there costs {amount} more; the organisers have waived the difference.',
    refundMoveUnusedIntro:
      'Your payment of the difference for moving your booking arrived when the seat was no longer held for the move, so your booking stayed as it was.',
    moveDueSubject: 'Pay the difference to move your booking: Dream Darkroom, {event}',
    moveDueIntro:
      'The organisers are moving your booking to {moveTo}. A seat there costs {amount} more than you paid.',
    moveDuePay:
      'We hold that seat for you until {moveUntil}. To move, pay the difference here: {moveUrl}',
    moveDueLapse:
      'If it is not paid by then, nothing changes: your booking stays where it is, as below, with the ticket you have.',
    receivedSubject: 'A place was handed on to you: Dream Darkroom, {event}',
    receivedIntro:
      'A place at Dream Darkroom was handed on to you: it is now yours, in your name, with the dream you gave.',
    handedOnSubject: 'Your booking was handed on: Dream Darkroom, {event}',
    handedOnIntro:
      'Your booking for the slot below has been handed on to someone else: the place is theirs now, and your ticket no longer opens the door.',
    handedOnErased:
      'Your name, email, phone and dream have been erased from the booking; this is the last email we send you about it.',
    invitationSubject: 'You are invited to the Command Center: Dream Darkroom',
    invitationIntro:
      'You are invited to help run Dream Darkroom from its Command Center, with the {role} role.',
    invitationJoin:
      'To accept, open this link, choose a passphrase and add a passkey or an authenticator app: {joinUrl}',
    invitationExpiry:
      'The link works once, until {until}. If it has expired, ask the owner for a new invitation.',
    invitationIgnore: 'If you did not expect this invitation, you can ignore this email.',
    roleBoxOffice: 'box office',
    roleDoor: 'door',
    noticeSubject: 'Your Command Center sign-in changed: Dream Darkroom',
    noticePasskeyAdded: 'A passkey named "{passkey}" was added to your account on {when}.',
    noticePasskeyRemoved: 'The passkey named "{passkey}" was removed from your account on {when}.',
    noticeTotpSetUp:
      'An authenticator app was set up for your account on {when}; the one before it, if any, no longer works.',
    noticeRecoveryCodesRenewed:
      'New recovery codes were made for your account on {when}; the earlier ones no longer work.',
    noticeSecondFactorReset:
      'Your passkeys, authenticator app and recovery codes were removed on {when}. Sign in with your passphrase and add a passkey or an authenticator app again.',
    noticeBy: 'It was done by {who}.',
    noticeBySelf: 'you, signed in to your account',
    noticeByOwner: 'the owner of the site',
    noticeNotYou:
      'If this was not you, tell the owner at once: they can end every session of your account and reset its sign-in.',
  },
  it: {
    siteName: 'Dream Darkroom',
    greeting: 'Cara/o {name},',
    signOff: 'Ci vediamo nel buio,\nDream Darkroom',
    paymentConfirmedSubject: 'Il tuo posto è confermato: Dream Darkroom, {event}',
    paymentConfirmedIntro: 'Grazie: abbiamo ricevuto il pagamento e il tuo posto è confermato.',
    detailsHeading: 'La tua registrazione',
    eventLabel: 'Evento',
    whenLabel: 'Data e ora',
    venueLabel: 'Luogo',
    priceLabel: 'Pagato',
    arriveEarly:
      "Ti chiediamo di arrivare 15 minuti prima: le porte si chiudono all'inizio della performance.",
    performanceLength:
      'La performance dura 30 minuti di buio, seguiti da 15 minuti di riflessione.',
    chatHeading: 'Condividi altri sogni',
    chatInstructions:
      'Entra nella chat di gruppo con il codice {code}: apri l\'app di messaggistica, scegli "Unisciti con un codice", inserisci {code} e invia lì i tuoi sogni quando arrivano.',
    cancellation: 'Se non puoi venire, scrivi a {contact} per annullare.',
    calendarNote: "L'invito allegato aggiunge la performance al tuo calendario.",
    ticketHeading: 'Il tuo biglietto',
    ticketInstructions:
      "Mostra questo codice all'ingresso, sul telefono o stampato. \u00c8 solo tuo: fa entrare una persona.",
    ticketImageAlt: 'Il codice QR del tuo biglietto',
    ticketCodeLabel: 'Codice del biglietto',
    waitingListJoinedSubject: "Sei in lista d'attesa: Dream Darkroom, {event}",
    waitingListJoinedIntro:
      "L'orario che hai scelto è al completo, quindi ti abbiamo inserito nella sua lista d'attesa.",
    waitingListJoinedNoPayment: 'Per ora non è richiesto alcun pagamento.',
    waitingListJoinedNext:
      'Se si libera un posto ti scriveremo subito. Se non si libera, non ti verrà addebitato nulla.',
    waitingListConfirmedSubject: 'Si è liberato un posto per te: Dream Darkroom, {event}',
    waitingListConfirmedIntro:
      "Buone notizie: si è liberato un posto e sei passata/o dalla lista d'attesa alla lista dei confermati.",
    lateRefundSubject: 'Il tuo pagamento è stato rimborsato: Dream Darkroom, {event}',
    lateRefundIntro:
      "Il tuo pagamento è arrivato dopo i 30 minuti in cui teniamo un posto riservato, e nel frattempo tutti i posti dell'orario erano stati presi.",
    lateRefundAmount:
      "Ti abbiamo rimborsato l'intero importo di {amount}; di solito arriva sulla carta entro 5-10 giorni lavorativi.",
    lateRefundNext: 'Ci dispiace. Puoi registrarti di nuovo per un altro orario.',
    refundSubject: 'Un pagamento è stato rimborsato: Dream Darkroom, {event}',
    refundWrongAmountIntro:
      'Abbiamo ricevuto un pagamento di {paid}, che non corrisponde al prezzo del biglietto di {price}, quindi non ha potuto confermare un posto.',
    refundSecondPaymentIntro: 'Abbiamo ricevuto un secondo pagamento per un posto già pagato.',
    refundSlotClosedIntro:
      'Il tuo pagamento è arrivato dopo i 30 minuti in cui teniamo un posto riservato, e nel frattempo le registrazioni per questo orario si erano chiuse.',
    refundNext:
      'Se desideri ancora un posto puoi registrarti di nuovo; se ne hai già uno, resta com’era.',
    questions: 'Domande? Scrivi a {contact}.',
    calendarSummary: 'Dream Darkroom, {event}',
    calendarDescription: 'Arriva 15 minuti prima. 30 minuti di buio, poi 15 minuti di riflessione.',
    cancellationLink:
      'Se non puoi venire, puoi annullare entro {cancelUntil} e ti rimborsiamo il pagamento (dopo, scrivi a {contact}). Per annullare: {cancelUrl}',
    cancellationLinkNothingPaid:
      'Se non puoi venire, annulla entro {cancelUntil}, così il tuo posto passa a qualcun altro (dopo, scrivi a {contact}). Per annullare: {cancelUrl}',
    cancelledSubject: 'La tua registrazione è annullata: Dream Darkroom, {event}',
    cancelledByOperatorIntro:
      'Gli organizzatori hanno annullato la tua registrazione per questo orario.',
    cancelledByVisitorIntro:
      'Come hai chiesto, la tua registrazione per questo orario è annullata.',
    cancelledRefund:
      "Ti rimborsiamo l'intero importo di {amount}; di solito arriva sulla carta entro 5-10 giorni lavorativi.",
    cancelledNoRefund: 'Per questo annullamento non è previsto alcun rimborso.',
    offerSubject: 'Un posto è per te: Dream Darkroom, {event}',
    offerIntro: "Si è liberato un posto nell'orario per cui eri in attesa, ed è tuo se lo vuoi.",
    offerPay: 'Te lo teniamo fino a {offerUntil}. Per prenderlo, paga {price} qui: {offerUrl}',
    offerLapse:
      "Se non viene pagato entro allora, il posto passa alla persona successiva in attesa ed esci dalla lista d'attesa.",
    reminderSubject: 'A presto nel buio: Dream Darkroom, {event}',
    reminderIntro: 'Ti ricordiamo il tuo posto a Dream Darkroom: ti aspettiamo.',
    reminderMap: 'Il luogo sulla mappa: {mapUrl}',
    reminderChangeHeading: 'Se i tuoi programmi sono cambiati',
    reminderChange:
      'Fino a {changeUntil} puoi spostare la tua prenotazione a un altro orario ({moveUrl}) o cederla a qualcun altro ({handOnUrl}).',
    reminderNoChange:
      'La tua prenotazione non si può più cambiare online; se non puoi venire, scrivi a {contact}.',
    changeLinks:
      'Fino ad allora puoi anche spostare la prenotazione in un altro orario ({moveUrl}) o cederla a qualcun altro ({handOnUrl}).',
    movedSubject: 'La tua prenotazione è stata spostata: Dream Darkroom, {event}',
    movedIntro:
      "La tua prenotazione è stata spostata all'orario qui sotto; lì ti aspetta il tuo posto.",
    movedWaitingIntro: "Il tuo posto in lista d'attesa è passato alla lista dell'orario qui sotto.",
    movedOldTicket: 'Il biglietto inviato prima non apre più la porta: usa quello di questa email.',
    movedDifferencePaid:
      'Hai pagato la differenza di {amount}; la ricevuta arriva in una email a parte.',
    movedDifferenceRefunded:
      'Lì un posto costa meno: ti rimborsiamo la differenza di {amount} sulla carta. Di solito arriva in 5-10 giorni lavorativi; la ricevuta segue a rimborso fatto.',
    movedDifferenceWaived:
      'Lì un posto costa {amount} in più; gli organizzatori hanno rinunciato alla differenza.',
    refundMoveUnusedIntro:
      "Il pagamento della differenza per spostare la tua prenotazione è arrivato quando il posto non era più tenuto per lo spostamento, quindi la prenotazione è rimasta com'era.",
    moveDueSubject: 'Paga la differenza per spostare la prenotazione: Dream Darkroom, {event}',
    moveDueIntro:
      'Gli organizzatori stanno spostando la tua prenotazione a {moveTo}. Lì un posto costa {amount} in più di quanto hai pagato.',
    moveDuePay:
      'Ti teniamo quel posto fino a {moveUntil}. Per spostarti, paga la differenza qui: {moveUrl}',
    moveDueLapse:
      "Se non è pagata entro allora, non cambia nulla: la prenotazione resta dov'è, come qui sotto, con il biglietto che hai.",
    receivedSubject: 'Ti è stato ceduto un posto: Dream Darkroom, {event}',
    receivedIntro:
      'Ti è stato ceduto un posto a Dream Darkroom: ora è tuo, a tuo nome, con il sogno che hai dato.',
    handedOnSubject: 'La tua prenotazione è stata ceduta: Dream Darkroom, {event}',
    handedOnIntro:
      "La tua prenotazione per l'orario qui sotto è stata ceduta a un'altra persona: il posto ora è suo e il tuo biglietto non apre più la porta.",
    handedOnErased:
      "Nome, email, telefono e sogno sono stati cancellati dalla prenotazione; è l'ultima email che ti scriviamo al riguardo.",
    invitationSubject: 'Sei invitata/o al Command Center: Dream Darkroom',
    invitationIntro:
      'Sei invitata/o ad aiutare a gestire Dream Darkroom dal suo Command Center, con il ruolo {role}.',
    invitationJoin:
      "Per accettare, apri questo link, scegli una passphrase e aggiungi una passkey o un'app di autenticazione: {joinUrl}",
    invitationExpiry:
      'Il link funziona una sola volta, fino a {until}. Se è scaduto, chiedi al proprietario un nuovo invito.',
    invitationIgnore: 'Se non aspettavi questo invito, puoi ignorare questa email.',
    roleBoxOffice: 'biglietteria',
    roleDoor: 'ingresso',
    noticeSubject: "L'accesso al tuo Command Center è cambiato: Dream Darkroom",
    noticePasskeyAdded:
      'Una passkey chiamata "{passkey}" è stata aggiunta al tuo account il {when}.',
    noticePasskeyRemoved:
      'La passkey chiamata "{passkey}" è stata rimossa dal tuo account il {when}.',
    noticeTotpSetUp:
      "Un'app di autenticazione è stata configurata per il tuo account il {when}; quella di prima, se c'era, non funziona più.",
    noticeRecoveryCodesRenewed:
      'Nuovi codici di recupero sono stati creati per il tuo account il {when}; quelli di prima non funzionano più.',
    noticeSecondFactorReset:
      "Le tue passkey, l'app di autenticazione e i codici di recupero sono stati rimossi il {when}. Accedi con la tua passphrase e aggiungi di nuovo una passkey o un'app di autenticazione.",
    noticeBy: "L'ha fatto {who}.",
    noticeBySelf: 'tu, con accesso al tuo account',
    noticeByOwner: 'il proprietario del sito',
    noticeNotYou:
      "Se non sei stata/o tu, avvisa subito il proprietario: può chiudere ogni sessione del tuo account e azzerarne l'accesso.",
  },
  ro: {
    siteName: 'Dream Darkroom',
    greeting: 'Dragă {name},',
    signOff: 'Ne vedem în întuneric,\nDream Darkroom',
    paymentConfirmedSubject: 'Locul tău este confirmat: Dream Darkroom, {event}',
    paymentConfirmedIntro: 'Îți mulțumim: plata a fost primită și locul tău este confirmat.',
    detailsHeading: 'Înscrierea ta',
    eventLabel: 'Eveniment',
    whenLabel: 'Data și ora',
    venueLabel: 'Locația',
    priceLabel: 'Plătit',
    arriveEarly:
      'Te rugăm să ajungi cu 15 minute mai devreme: ușile se închid când începe spectacolul.',
    performanceLength:
      'Spectacolul durează 30 de minute de întuneric, urmate de 15 minute de reflecție.',
    chatHeading: 'Împărtășește și alte vise',
    chatInstructions:
      'Intră în chatul de grup cu codul {code}: deschide aplicația de mesagerie, alege „Alătură-te cu un cod”, introdu {code} și trimite-ți acolo visele oricând îți vin.',
    cancellation: 'Dacă nu poți veni, scrie-ne la {contact} pentru a anula.',
    calendarNote: 'Invitația atașată adaugă spectacolul în calendarul tău.',
    ticketHeading: 'Biletul t\u0103u',
    ticketInstructions:
      'Arat\u0103 acest cod la intrare, pe telefon sau tip\u0103rit. Este doar al t\u0103u: permite intrarea unei singure persoane.',
    ticketImageAlt: 'Codul QR al biletului t\u0103u',
    ticketCodeLabel: 'Codul biletului',
    waitingListJoinedSubject: 'Ești pe lista de așteptare: Dream Darkroom, {event}',
    waitingListJoinedIntro:
      'Intervalul ales este complet, așa că te-am trecut pe lista lui de așteptare.',
    waitingListJoinedNoPayment: 'Deocamdată nu este necesară nicio plată.',
    waitingListJoinedNext:
      'Dacă se eliberează un loc, îți scriem imediat. Dacă nu, nu vei plăti nimic.',
    waitingListConfirmedSubject: 'S-a eliberat un loc pentru tine: Dream Darkroom, {event}',
    waitingListConfirmedIntro:
      'Vești bune: s-a eliberat un loc și ai fost mutat(ă) de pe lista de așteptare pe lista confirmărilor.',
    lateRefundSubject: 'Plata ta a fost rambursată: Dream Darkroom, {event}',
    lateRefundIntro:
      'Plata ta a sosit după cele 30 de minute în care păstrăm un loc rezervat, iar între timp toate locurile intervalului fuseseră ocupate.',
    lateRefundAmount:
      'Ți-am rambursat integral {amount}; de obicei suma ajunge pe card în 5-10 zile lucrătoare.',
    lateRefundNext: 'Ne pare rău. Te poți înscrie din nou la un alt interval.',
    refundSubject: 'O plată a fost rambursată: Dream Darkroom, {event}',
    refundWrongAmountIntro:
      'Am primit o plată de {paid}, care nu este prețul biletului de {price}, așa că nu a putut confirma un loc.',
    refundSecondPaymentIntro: 'Am primit o a doua plată pentru un loc deja plătit.',
    refundSlotClosedIntro:
      'Plata ta a sosit după cele 30 de minute în care păstrăm un loc rezervat, iar între timp înscrierile pentru acest interval se închiseseră.',
    refundNext:
      'Dacă vrei în continuare un loc, te poți înscrie din nou; dacă ai deja unul, rămâne așa cum era.',
    questions: 'Întrebări? Scrie-ne la {contact}.',
    calendarSummary: 'Dream Darkroom, {event}',
    calendarDescription:
      'Ajunge cu 15 minute mai devreme. 30 de minute de întuneric, apoi 15 minute de reflecție.',
    cancellationLink:
      'Dacă nu poți veni, poți anula până la {cancelUntil} și îți rambursăm plata (după aceea, scrie-ne la {contact}). Pentru anulare: {cancelUrl}',
    cancellationLinkNothingPaid:
      'Dacă nu poți veni, te rugăm să anulezi până la {cancelUntil}, ca locul tău să ajungă la altcineva (după aceea, scrie-ne la {contact}). Pentru anulare: {cancelUrl}',
    cancelledSubject: 'Înscrierea ta este anulată: Dream Darkroom, {event}',
    cancelledByOperatorIntro: 'Organizatorii au anulat înscrierea ta pentru acest interval.',
    cancelledByVisitorIntro: 'Așa cum ai cerut, înscrierea ta pentru acest interval este anulată.',
    cancelledRefund:
      'Îți rambursăm integral {amount}; de obicei suma ajunge pe card în 5-10 zile lucrătoare.',
    cancelledNoRefund: 'Pentru această anulare nu se face nicio rambursare.',
    offerSubject: 'Un loc este al tău: Dream Darkroom, {event}',
    offerIntro:
      'S-a eliberat un loc în intervalul pentru care așteptai și este al tău dacă îl vrei.',
    offerPay: 'Ți-l păstrăm până la {offerUntil}. Ca să-l iei, plătește {price} aici: {offerUrl}',
    offerLapse:
      'Dacă nu este plătit până atunci, locul trece la următoarea persoană care așteaptă și ieși de pe lista de așteptare.',
    reminderSubject: 'Ne vedem curând în întuneric: Dream Darkroom, {event}',
    reminderIntro: 'Îți amintim de locul tău la Dream Darkroom: te așteptăm.',
    reminderMap: 'Locația pe hartă: {mapUrl}',
    reminderChangeHeading: 'Dacă planurile tale s-au schimbat',
    reminderChange:
      'Până la {changeUntil} îți poți muta rezervarea la un alt interval ({moveUrl}) sau o poți ceda altcuiva ({handOnUrl}).',
    reminderNoChange:
      'Rezervarea ta nu mai poate fi schimbată online; dacă nu poți veni, scrie-ne la {contact}.',
    changeLinks:
      'Până atunci poți și să muți rezervarea la alt interval ({moveUrl}) sau să o cedezi altcuiva ({handOnUrl}).',
    movedSubject: 'Rezervarea ta a fost mutată: Dream Darkroom, {event}',
    movedIntro: 'Rezervarea ta a fost mutată la intervalul de mai jos; locul te așteaptă acolo.',
    movedWaitingIntro: 'Locul tău pe lista de așteptare a trecut pe lista intervalului de mai jos.',
    movedOldTicket:
      'Biletul trimis înainte nu mai deschide ușa: folosește-l pe cel din acest email.',
    movedDifferencePaid: 'Ai plătit diferența de {amount}; chitanța vine într-un email separat.',
    movedDifferenceRefunded:
      'Acolo un loc costă mai puțin: îți returnăm diferența de {amount} pe card. De obicei ajunge în 5-10 zile lucrătoare; chitanța urmează după rambursare.',
    movedDifferenceWaived:
      'Acolo un loc costă cu {amount} mai mult; organizatorii au renunțat la diferență.',
    refundMoveUnusedIntro:
      'Plata diferenței pentru mutarea rezervării a sosit când locul nu mai era păstrat pentru mutare, așa că rezervarea a rămas cum era.',
    moveDueSubject: 'Plătește diferența ca să îți muți rezervarea: Dream Darkroom, {event}',
    moveDueIntro:
      'Organizatorii îți mută rezervarea la {moveTo}. Acolo un loc costă cu {amount} mai mult decât ai plătit.',
    moveDuePay:
      'Îți păstrăm acel loc până la {moveUntil}. Ca să te muți, plătește diferența aici: {moveUrl}',
    moveDueLapse:
      'Dacă nu este plătită până atunci, nu se schimbă nimic: rezervarea rămâne unde este, ca mai jos, cu biletul pe care îl ai.',
    receivedSubject: 'Ți s-a cedat un loc: Dream Darkroom, {event}',
    receivedIntro:
      'Ți s-a cedat un loc la Dream Darkroom: acum este al tău, pe numele tău, cu visul pe care l-ai dat.',
    handedOnSubject: 'Rezervarea ta a fost cedată: Dream Darkroom, {event}',
    handedOnIntro:
      'Rezervarea ta pentru intervalul de mai jos a fost cedată altcuiva: locul este acum al acelei persoane, iar biletul tău nu mai deschide ușa.',
    handedOnErased:
      'Numele, emailul, telefonul și visul tău au fost șterse din rezervare; acesta este ultimul email pe care ți-l trimitem despre ea.',
    invitationSubject: 'Ești invitat(ă) în Command Center: Dream Darkroom',
    invitationIntro:
      'Ești invitat(ă) să ajuți la conducerea Dream Darkroom din Command Center, cu rolul {role}.',
    invitationJoin:
      'Ca să accepți, deschide acest link, alege o frază de acces și adaugă o cheie de acces (passkey) sau o aplicație de autentificare: {joinUrl}',
    invitationExpiry:
      'Linkul funcționează o singură dată, până la {until}. Dacă a expirat, cere proprietarului o nouă invitație.',
    invitationIgnore: 'Dacă nu te așteptai la această invitație, poți ignora acest email.',
    roleBoxOffice: 'casă de bilete',
    roleDoor: 'intrare',
    noticeSubject: 'Accesul tău în Command Center s-a schimbat: Dream Darkroom',
    noticePasskeyAdded:
      'O cheie de acces numită „{passkey}” a fost adăugată contului tău pe {when}.',
    noticePasskeyRemoved:
      'Cheia de acces numită „{passkey}” a fost scoasă din contul tău pe {when}.',
    noticeTotpSetUp:
      'O aplicație de autentificare a fost configurată pentru contul tău pe {when}; cea dinainte, dacă exista, nu mai funcționează.',
    noticeRecoveryCodesRenewed:
      'Au fost create coduri de recuperare noi pentru contul tău pe {when}; cele vechi nu mai funcționează.',
    noticeSecondFactorReset:
      'Cheile de acces, aplicația de autentificare și codurile de recuperare ți-au fost scoase pe {when}. Intră cu fraza de acces și adaugă din nou o cheie de acces sau o aplicație de autentificare.',
    noticeBy: 'A făcut-o {who}.',
    noticeBySelf: 'tu, conectat(ă) la contul tău',
    noticeByOwner: 'proprietarul site-ului',
    noticeNotYou:
      'Dacă nu ai fost tu, anunță imediat proprietarul: poate închide toate sesiunile contului tău și îi poate reseta accesul.',
  },
};

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
