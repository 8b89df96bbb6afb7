/**
 * The benchmark's catalogue vocabulary (seeds/bench.ts): titles, subcategories and tags per category, and the
 * words its provider names and descriptions are made of. Not demo data.
 */

export const BENCH_TEMPLATES: Record<string, { titles: string[]; subcategory: string[]; tags: string[] }> = {
  training_education: {
    titles: [
      'Corso Antincendio Rischio Basso',
      'Corso Antincendio Rischio Medio',
      'Corso Antincendio Rischio Alto',
      'Formazione Generale Lavoratori',
      'Formazione Specifica Rischio Alto',
      'Corso Preposti',
      'Corso Dirigenti',
      'Corso RLS',
      'Aggiornamento RLS',
      'Corso Carrelli Elevatori',
      'Corso PLE Piattaforme Elevabili',
      'Corso Primo Soccorso Gruppo A',
      'Corso Primo Soccorso Gruppo B e C',
      'Corso Lavori in Quota',
      'Corso Spazi Confinati',
      'Aggiornamento RSPP Datore di Lavoro',
    ],
    subcategory: ['Formazione obbligatoria', 'Antincendio', 'Primo soccorso', 'Attrezzature', 'Aggiornamento'],
    tags: [
      'D.Lgs. 81/08',
      'Accordo Stato-Regioni',
      'attestato',
      'in aula',
      'e-learning',
      'antincendio',
      'primo soccorso',
      'aggiornamento',
      'pratica',
    ],
  },
  consultation_management: {
    titles: [
      'Documento Valutazione Rischi (DVR)',
      'DUVRI per Appalti',
      'RSPP Esterno',
      'Sistema di Gestione ISO 45001',
      'Audit ISO 45001',
      'Modello Organizzativo 231',
      'Piano Operativo di Sicurezza (POS)',
    ],
    subcategory: ['DVR', 'RSPP', 'Sistemi di gestione', 'Appalti'],
    tags: ['DVR', 'DUVRI', 'RSPP', 'ISO 45001', 'audit', 'sopralluogo', 'consulenza'],
  },
  workplace_safety: {
    titles: [
      'Valutazione Rischio Chimico',
      'Valutazione Rischio Rumore',
      'Valutazione Vibrazioni Meccaniche',
      'Sopralluogo Sicurezza Cantiere',
      'Coordinamento Sicurezza Cantieri (CSE)',
      'Verifica Attrezzature di Lavoro',
      'Valutazione Rischio Incendio',
    ],
    subcategory: ['Rischi specifici', 'Cantieri', 'Verifiche'],
    tags: ['rumore', 'vibrazioni', 'chimico', 'cantiere', 'CSE', 'misurazioni', 'incendio'],
  },
  environment: {
    titles: [
      'Consulenza Gestione Rifiuti',
      'Compilazione MUD',
      'Autorizzazione Unica Ambientale (AUA)',
      'Monitoraggio Emissioni in Atmosfera',
      'Sistema di Gestione ISO 14001',
      'Analisi Acque Reflue',
    ],
    subcategory: ['Rifiuti', 'Autorizzazioni', 'Monitoraggi', 'Sistemi di gestione'],
    tags: ['rifiuti', 'MUD', 'AUA', 'emissioni', 'ISO 14001', 'acque', 'ambiente'],
  },
  occupational_health: {
    titles: [
      'Medico Competente',
      'Sorveglianza Sanitaria Lavoratori',
      'Visite Mediche Preassuntive',
      'Valutazione Stress Lavoro-Correlato',
      'Protocollo Sanitario Aziendale',
    ],
    subcategory: ['Medico competente', 'Visite', 'Stress lavoro-correlato'],
    tags: ['medico competente', 'visite', 'sorveglianza sanitaria', 'stress', 'idoneità'],
  },
  emergency_crisis: {
    titles: [
      'Piano di Emergenza ed Evacuazione',
      'Prova di Evacuazione Assistita',
      'Esercitazione Pratica Antincendio',
      'Corso BLSD Defibrillatore',
      'Gestione Emergenze Aziendali',
    ],
    subcategory: ['Piani di emergenza', 'Antincendio', 'Primo soccorso'],
    tags: ['emergenza', 'evacuazione', 'antincendio', 'BLSD', 'estintori'],
  },
  innovation_digital: {
    titles: [
      'Piattaforma E-learning Sicurezza',
      'Software Gestione Scadenze HSE',
      'Formazione in Realtà Virtuale',
      'Sensori IoT per la Sicurezza',
    ],
    subcategory: ['Software', 'E-learning', 'IoT'],
    tags: ['software', 'e-learning', 'realtà virtuale', 'IoT', 'scadenzario'],
  },
  specialized_services: {
    titles: [
      'Valutazione ATEX',
      'Marcatura CE Macchine',
      'Consulenza Seveso III',
      'Valutazione Amianto',
      'Valutazione Ergonomica MMC',
    ],
    subcategory: ['ATEX', 'Marcatura CE', 'Amianto', 'Ergonomia'],
    tags: ['ATEX', 'marcatura CE', 'Seveso', 'amianto', 'ergonomia', 'MMC'],
  },
};

export const BENCH_NAME_A = ['Studio', 'Centro', 'Gruppo', 'Consulenze', 'Servizi', 'Istituto', 'Agenzia'];
export const BENCH_NAME_B = [
  'Sicurezza',
  'HSE',
  'Ambiente',
  'Lavoro Sicuro',
  'Prevenzione',
  'Formazione',
  'Medicina del Lavoro',
  'Tutela',
];
export const BENCH_DESCRIPTIONS = [
  'Servizio svolto da professionisti qualificati, conforme al D.Lgs. 81/08, con documentazione completa e attestati.',
  'Affianchiamo le aziende del territorio con un approccio pratico: sopralluogo, analisi dei rischi e piano di miglioramento.',
  'Percorso pensato per piccole e medie imprese, con materiale didattico, verifica finale e registro presenze.',
  'Intervento su misura, in sede o presso il cliente, con relazione tecnica e assistenza per gli adempimenti successivi.',
];
