/** Names, roles and departments for the participants of demo bookings. */

export const FIRST_NAMES_M = [
  'Alessandro', 'Andrea', 'Antonio', 'Davide', 'Emanuele', 'Fabio', 'Federico', 'Francesco', 'Gabriele', 'Giacomo',
  'Giorgio', 'Giuseppe', 'Lorenzo', 'Luca', 'Marco', 'Matteo', 'Mattia', 'Michele', 'Nicola', 'Paolo', 'Pietro',
  'Riccardo', 'Roberto', 'Simone', 'Stefano', 'Tommaso', 'Vincenzo', 'Ahmed', 'Ionut', 'Karim',
] as const;

export const FIRST_NAMES_F = [
  'Alessia', 'Alice', 'Anna', 'Beatrice', 'Chiara', 'Claudia', 'Elena', 'Elisa', 'Federica', 'Francesca', 'Giada',
  'Giulia', 'Ilaria', 'Laura', 'Marta', 'Martina', 'Monica', 'Paola', 'Roberta', 'Sara', 'Silvia', 'Valentina',
  'Veronica', 'Elena Maria', 'Fatima', 'Oksana',
] as const;

export const LAST_NAMES = [
  'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno',
  'Gallo', 'Conti', 'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti', 'Barbieri', 'Fontana',
  'Santoro', 'Mariani', 'Rinaldi', 'Caruso', 'Ferrara', 'Galli', 'Martini', 'Leone', 'Longo', 'Gentile', 'Martinelli',
  'Vitale', 'Lombardo', 'Serra', 'Coppola', "D'Angelo", 'Marchetti', 'Parisi', 'Villa', 'Cattaneo', 'Locatelli',
  'Pellegrini', 'Palumbo', 'Sanna', 'Fabbri', 'Monti', 'Popescu', 'El Amrani',
] as const;

export const ROLES_BY_SECTOR: Readonly<Record<string, readonly string[]>> = {
  Manifatturiero: ['Operaio specializzato', 'Addetto alla produzione', 'Carrellista', 'Manutentore', 'Capo reparto', 'Magazziniere', 'Impiegata tecnica'],
  Edilizia: ['Muratore', 'Carpentiere', 'Capocantiere', 'Gruista', 'Operaio edile', 'Geometra di cantiere'],
  Servizi: ['Impiegato amministrativo', 'Addetta alle pulizie', 'Operatore socio-sanitario', 'Sviluppatore software', 'Coordinatrice di servizio'],
  Commercio: ['Addetta alle vendite', 'Cassiera', 'Magazziniere', 'Responsabile di punto vendita', 'Banconista'],
  Trasporti: ['Autista', 'Magazziniere', 'Carrellista', 'Impiegata logistica', 'Capoturno'],
  Sanità: ['Infermiera', 'Medico', 'Operatore socio-sanitario', 'Assistente di studio odontoiatrico', 'Impiegata di accettazione'],
  Istruzione: ['Docente', 'Collaboratore scolastico', 'Impiegata di segreteria', 'Educatrice'],
  'Pubblica Amministrazione': ['Istruttore amministrativo', 'Operaio manutentore', 'Funzionario tecnico', 'Autista'],
  Agricoltura: ['Operaio agricolo', 'Trattorista', 'Addetto alla cantina', 'Stagionale'],
  Turismo: ['Receptionist', 'Cameriera ai piani', 'Cuoco', 'Manutentore', 'Addetto alla sala'],
  Altro: ['Istruttore', 'Bagnino', 'Segretaria', 'Addetto alla manutenzione'],
};

export const DEPARTMENTS_BY_SECTOR: Readonly<Record<string, readonly string[]>> = {
  Manifatturiero: ['Produzione', 'Magazzino', 'Manutenzione', 'Qualità', 'Ufficio tecnico', 'Amministrazione'],
  Edilizia: ['Cantiere', 'Ufficio tecnico', 'Amministrazione'],
  Servizi: ['Operativo', 'Amministrazione', 'Sviluppo', 'Servizi alla persona'],
  Commercio: ['Punto vendita', 'Magazzino', 'Amministrazione'],
  Trasporti: ['Logistica', 'Magazzino', 'Flotta', 'Amministrazione'],
  Sanità: ['Reparto', 'Ambulatorio', 'Accettazione', 'Amministrazione'],
  Istruzione: ['Didattica', 'Segreteria', 'Servizi generali'],
  'Pubblica Amministrazione': ['Servizi tecnici', 'Servizi amministrativi', 'Manutenzioni'],
  Agricoltura: ['Campagna', 'Cantina', 'Magazzino'],
  Turismo: ['Ricevimento', 'Piani', 'Cucina', 'Manutenzione'],
  Altro: ['Piscina', 'Segreteria'],
};

export const SPECIAL_NEEDS = [
  'Intolleranza al glutine (per il pranzo)',
  'Ridotta mobilità: serve un’aula al piano terra',
  'Comprensione dell’italiano da verificare: madrelingua rumena',
  'Porta occhiali da vista: servono DPI compatibili',
] as const;

export const CLIENT_NOTES = [
  'Preferiamo iniziare alle 8:30 per non fermare la produzione.',
  'Il parcheggio interno è disponibile, citofonare alla portineria.',
  'Due partecipanti sono turnisti: se possibile concentrare la parte pratica al mattino.',
  'Serve la fattura intestata alla sede legale con indicazione del CIG.',
  'Per il sopralluogo chiedere del responsabile di produzione.',
  'Abbiamo già i DPI per la prova pratica.',
  'Vorremmo un preventivo anche per l’aggiornamento dei prossimi anni.',
  'Siamo disponibili anche il sabato mattina.',
] as const;

export const CANCELLATION_REASONS = [
  'Chiusura straordinaria dello stabilimento per fermo impianti.',
  'I partecipanti sono stati spostati su un cantiere fuori provincia.',
  'Abbiamo anticipato il corso con il fondo interprofessionale.',
  'Il docente non era disponibile nella data richiesta: la prenotazione verrà rifatta.',
  'Riduzione del numero di partecipanti sotto il minimo previsto.',
] as const;

/** What a seeded quote says it includes. */
export const QUOTE_INCLUDES =
  'Sopralluogo in sede, redazione del documento, consegna in formato PDF firmato e una revisione entro 30 giorni.';
