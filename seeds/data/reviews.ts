import type { ServiceTemplate } from './services.js';

/** What the reviewer bought: the texts speak of a course, a consultancy, a medical service or an environmental one. */
export type ReviewKind = 'training' | 'consulting' | 'medical' | 'environment';

export function reviewKindFor(template: ServiceTemplate): ReviewKind {
  if (template.category === 'training_education' || template.pricingUnit === 'per_participant') return 'training';
  if (template.specialization === 'Medico Competente') return 'medical';
  if (template.category === 'environment') return 'environment';
  return 'consulting';
}

export interface ReviewText {
  title: string;
  comment: string;
}

/** Italian review texts by kind and rating (index 0 is 1 star, 4 is 5 stars). */
export const REVIEW_TEXTS: Readonly<Record<ReviewKind, readonly (readonly ReviewText[])[]>> = {
  training: [
    [
      {
        title: 'Corso annullato all’ultimo momento',
        comment:
          'Ci hanno avvisato la sera prima che il docente non c’era e i recuperi proposti erano tutti in orario di produzione. Attestati arrivati dopo tre settimane.',
      },
    ],
    [
      {
        title: 'Contenuti ok, organizzazione da rivedere',
        comment:
          'Il docente era preparato ma l’aula era troppo piccola e la prova pratica è stata fatta di corsa. Abbiamo dovuto sollecitare più volte gli attestati.',
      },
    ],
    [
      {
        title: 'Nella media',
        comment:
          'Corso regolare e conforme, ma molto teorico: i ragazzi del magazzino avrebbero preferito più esempi pratici. Attestati puntuali.',
      },
      {
        title: 'Corretto ma poco coinvolgente',
        comment:
          'Programma completo e docente competente, però troppe slide lette. La parte pratica è stata la più utile.',
      },
    ],
    [
      {
        title: 'Buon corso, docente preparato',
        comment:
          'Lezione chiara e con molti esempi vicini al nostro lavoro. Unica pecca: l’inizio è slittato di mezz’ora. Attestati ricevuti in pochi giorni.',
      },
      {
        title: 'Consigliato',
        comment: 'Organizzazione efficiente e parte pratica ben fatta. Il materiale didattico è semplice ma completo.',
      },
      {
        title: 'Utile anche per i più esperti',
        comment:
          'Anche i colleghi con più anni di esperienza hanno imparato qualcosa. Qualche ripetizione di troppo nella parte normativa.',
      },
      {
        title: 'Buona esperienza',
        comment:
          'Prenotazione semplice e conferma immediata. Docente disponibile a rispondere alle domande specifiche sulla nostra attività.',
      },
    ],
    [
      {
        title: 'Corso eccellente',
        comment:
          'Docente bravissimo, esercitazioni molto realistiche e attestati arrivati il giorno dopo. Torneremo per l’aggiornamento.',
      },
      {
        title: 'Finalmente un corso coinvolgente',
        comment:
          'Per la prima volta i nostri operai sono usciti da un corso di sicurezza dicendo che è stato interessante. Casi reali e tanta pratica.',
      },
      {
        title: 'Professionali e puntuali',
        comment:
          'Tutto come promesso: orari rispettati, aula attrezzata, registro e attestati perfetti per l’ispezione che abbiamo avuto poco dopo.',
      },
      {
        title: 'Ottima organizzazione',
        comment:
          'Hanno adattato il calendario ai nostri turni senza problemi. Istruttori preparati e molto pazienti con i colleghi stranieri.',
      },
      {
        title: 'Il miglior corso fatto finora',
        comment: 'Tanta pratica, spiegazioni chiare e nessun tempo perso. Rapporto qualità-prezzo ottimo.',
      },
    ],
  ],
  consulting: [
    [
      {
        title: 'Documento generico',
        comment:
          'Il documento consegnato era chiaramente copiato da un altro cliente, con reparti che non abbiamo. Abbiamo dovuto farlo correggere più volte.',
      },
    ],
    [
      {
        title: 'Tempi molto lunghi',
        comment:
          'La consulenza era corretta nel merito ma i tempi di consegna sono raddoppiati rispetto a quanto concordato.',
      },
    ],
    [
      {
        title: 'Lavoro corretto',
        comment:
          'Documentazione completa e conforme. Poca disponibilità per le domande dopo la consegna, ma il lavoro è stato fatto.',
      },
      {
        title: 'Discreto',
        comment:
          'Consulente preparato ma sopralluogo un po’ frettoloso. Il report finale però era chiaro e con priorità utili.',
      },
    ],
    [
      {
        title: 'Consulenza seria',
        comment:
          'Sopralluogo accurato e documento su misura per la nostra realtà. Qualche giorno di ritardo nella consegna, comunque avvisato.',
      },
      {
        title: 'Buon supporto',
        comment: 'Ci hanno seguito bene anche durante il controllo dell’ATS. Prezzo in linea con il mercato.',
      },
      {
        title: 'Competenti e chiari',
        comment:
          'Spiegano le cose in modo semplice, senza burocratese. Il piano di miglioramento è concreto e sostenibile.',
      },
      {
        title: 'Affidabili',
        comment:
          'Documenti consegnati nei tempi, con una riunione finale molto utile per la direzione. Buona reperibilità.',
      },
    ],
    [
      {
        title: 'Consulenti eccellenti',
        comment:
          'Hanno capito subito i nostri processi e hanno consegnato un lavoro su misura, senza modelli preconfezionati.',
      },
      {
        title: 'Un vero partner',
        comment:
          'Non si limitano a consegnare un documento: ci aiutano davvero a gestire la sicurezza ogni giorno. Sempre disponibili.',
      },
      {
        title: 'Lavoro impeccabile',
        comment:
          'Sopralluogo approfondito e documentazione completa e leggibile, spiegata anche a RLS e preposti. Consigliatissimi.',
      },
      {
        title: 'Preparazione e concretezza',
        comment:
          'Competenza tecnica altissima e soluzioni pratiche ai problemi dei reparti. Rapporto qualità-prezzo ottimo.',
      },
      {
        title: 'Molto utile',
        comment:
          'Tecnico preparato e per nulla fiscale: le osservazioni ci hanno fatto migliorare davvero. Relazione chiara e consegnata in due giorni.',
      },
    ],
  ],
  medical: [
    [
      {
        title: 'Disorganizzazione',
        comment:
          'Visite spostate più volte, lavoratori rimandati indietro e giudizi di idoneità arrivati in ritardo per due nuovi assunti.',
      },
    ],
    [
      {
        title: 'Attese lunghe',
        comment:
          'Medico competente preparato ma in ambulatorio abbiamo aspettato oltre un’ora. Da migliorare la gestione degli appuntamenti.',
      },
    ],
    [
      {
        title: 'Servizio nella norma',
        comment:
          'Visite regolari e giudizi consegnati. Poca presenza alla riunione periodica, dove il medico è arrivato tardi.',
      },
    ],
    [
      {
        title: 'Medico attento',
        comment:
          'Visite accurate e rapporto cordiale con i lavoratori. Il protocollo sanitario è stato spiegato bene alla direzione.',
      },
      {
        title: 'Buon servizio',
        comment:
          'Unità mobile in azienda molto comoda: nessun fermo produzione. Qualche ritardo sull’invio della relazione sanitaria.',
      },
      {
        title: 'Affidabile',
        comment: 'Giudizi di idoneità in giornata e buona disponibilità telefonica per i casi urgenti.',
      },
    ],
    [
      {
        title: 'Medico competente eccellente',
        comment:
          'Grande professionalità e attenzione ai lavoratori con limitazioni. Sopralluogo annuale molto utile, con indicazioni concrete.',
      },
      {
        title: 'Organizzazione perfetta',
        comment:
          'Visite programmate sui turni, audiometrie in azienda e scadenzario sempre aggiornato. Non potremmo chiedere di meglio.',
      },
      {
        title: 'Consigliatissima',
        comment: 'Disponibile, precisa e molto chiara con i dipendenti. Relazione sanitaria puntuale e ben fatta.',
      },
      {
        title: 'Rapidità e competenza',
        comment: 'Nuovo assunto visitato il giorno dopo la richiesta, con giudizio immediato. Servizio eccellente.',
      },
    ],
  ],
  environment: [
    [
      {
        title: 'Scadenza mancata',
        comment:
          'La pratica è stata presentata in ritardo nonostante i nostri solleciti e abbiamo rischiato una sanzione.',
      },
    ],
    [
      {
        title: 'Comunicazione difficile',
        comment:
          'Tecnicamente preparati ma difficili da raggiungere; le integrazioni richieste dall’ente sono state gestite con ritardo.',
      },
    ],
    [
      {
        title: 'Lavoro svolto',
        comment: 'Pratica completata correttamente, tempi un po’ lunghi. Relazione tecnica chiara.',
      },
    ],
    [
      {
        title: 'Competenti',
        comment:
          'Ci hanno aiutato a capire quali obblighi ambientali ci riguardano davvero e hanno sistemato la documentazione. Buona disponibilità.',
      },
      {
        title: 'Buona consulenza ambientale',
        comment: 'Sopralluogo puntuale, comunicazioni agli enti gestite da loro e relazione consegnata nei tempi.',
      },
      {
        title: 'Seri e precisi',
        comment:
          'Pratica seguita dall’inizio alla fine, con risposte rapide alle richieste di integrazione degli enti.',
      },
    ],
    [
      {
        title: 'Eccellenti',
        comment:
          'Indagini e relazione tecnica impeccabili, lavoro completato senza intoppi e nei tempi promessi. Consigliati.',
      },
      {
        title: 'Partner affidabile per l’ambiente',
        comment: 'Lavoriamo con loro da due anni: nessuna scadenza persa e sempre aggiornati sulle novità normative.',
      },
      {
        title: 'Molto professionali',
        comment:
          'Tecnici preparatissimi e relazione chiara anche per chi non è del settore. Ottimo il rapporto con ARPA durante il controllo.',
      },
    ],
  ],
};
