/**
 * The cities the demo data lives in, with real streets and their postal codes (CAP). Coordinates,
 * region and ISTAT code come from the gazetteer (`places`), looked up by name + province at seed time.
 */
export interface CityData {
  /** Official comune name, as in `places.name`. */
  name: string;
  province: string;
  /** Landline prefix (prefisso teleselettivo). */
  phonePrefix: string;
  /** [street, CAP] pairs: CAPs are those of the street in multi-CAP cities. */
  streets: readonly (readonly [string, string])[];
}

export const CITIES = {
  bergamo: {
    name: 'Bergamo',
    province: 'BG',
    phonePrefix: '035',
    streets: [
      ['Via Giorgio e Guido Paglia', '24122'],
      ['Via Camozzi', '24121'],
      ['Via Borgo Palazzo', '24125'],
      ['Via Grumello', '24127'],
      ['Viale Papa Giovanni XXIII', '24121'],
      ['Via Corridoni', '24124'],
      ['Via Stezzano', '24126'],
    ],
  },
  dalmine: {
    name: 'Dalmine',
    province: 'BG',
    phonePrefix: '035',
    streets: [
      ['Viale Betelli', '24044'],
      ['Via Guglielmo Marconi', '24044'],
      ['Via Provinciale', '24044'],
    ],
  },
  seriate: {
    name: 'Seriate',
    province: 'BG',
    phonePrefix: '035',
    streets: [
      ['Corso Roma', '24068'],
      ['Via Nazionale', '24068'],
      ['Via Paderno', '24068'],
    ],
  },
  treviglio: {
    name: 'Treviglio',
    province: 'BG',
    phonePrefix: '0363',
    streets: [
      ['Viale Piave', '24047'],
      ['Via Bergamo', '24047'],
      ['Viale Cesare Battisti', '24047'],
    ],
  },
  stezzano: {
    name: 'Stezzano',
    province: 'BG',
    phonePrefix: '035',
    streets: [
      ['Via Bergamo', '24040'],
      ['Via Guzzanica', '24040'],
    ],
  },
  milano: {
    name: 'Milano',
    province: 'MI',
    phonePrefix: '02',
    streets: [
      ['Via Vittor Pisani', '20124'],
      ['Corso Buenos Aires', '20124'],
      ['Via Tortona', '20144'],
      ['Viale Monza', '20127'],
      ['Via Gustavo Fara', '20124'],
      ['Via Larga', '20122'],
      ['Corso di Porta Romana', '20122'],
    ],
  },
  monza: {
    name: 'Monza',
    province: 'MB',
    phonePrefix: '039',
    streets: [
      ['Via Italia', '20900'],
      ['Viale Lombardia', '20900'],
    ],
  },
  brescia: {
    name: 'Brescia',
    province: 'BS',
    phonePrefix: '030',
    streets: [
      ['Via Antonio Gramsci', '25122'],
      ['Via Triumplina', '25123'],
      ['Via Cefalonia', '25124'],
    ],
  },
  varese: {
    name: 'Varese',
    province: 'VA',
    phonePrefix: '0332',
    streets: [
      ['Via Sacco', '21100'],
      ['Viale Borri', '21100'],
    ],
  },
  torino: {
    name: 'Torino',
    province: 'TO',
    phonePrefix: '011',
    streets: [
      ['Corso Vittorio Emanuele II', '10121'],
      ['Via Nizza', '10126'],
      ['Corso Francia', '10138'],
      ['Via Pietro Micca', '10121'],
    ],
  },
  novara: {
    name: 'Novara',
    province: 'NO',
    phonePrefix: '0321',
    streets: [
      ['Corso Cavour', '28100'],
      ['Baluardo Quintino Sella', '28100'],
    ],
  },
  aosta: {
    name: 'Aosta',
    province: 'AO',
    phonePrefix: '0165',
    streets: [
      ['Via Festaz', '11100'],
      ['Corso Battaglione Aosta', '11100'],
    ],
  },
  genova: {
    name: 'Genova',
    province: 'GE',
    phonePrefix: '010',
    streets: [
      ['Via XX Settembre', '16121'],
      ['Corso Perrone', '16152'],
      ['Via Antonio Cantore', '16149'],
    ],
  },
  verona: {
    name: 'Verona',
    province: 'VR',
    phonePrefix: '045',
    streets: [
      ['Corso Porta Nuova', '37122'],
      ['Viale del Lavoro', '37135'],
      ['Via Roma', '37121'],
    ],
  },
  padova: {
    name: 'Padova',
    province: 'PD',
    phonePrefix: '049',
    streets: [
      ['Corso Stati Uniti', '35127'],
      ['Via San Francesco', '35121'],
    ],
  },
  venezia: {
    name: 'Venezia',
    province: 'VE',
    phonePrefix: '041',
    streets: [
      ['Via Torino', '30172'],
      ['Via Fratelli Bandiera', '30175'],
    ],
  },
  vicenza: {
    name: 'Vicenza',
    province: 'VI',
    phonePrefix: '0444',
    streets: [
      ['Viale della Pace', '36100'],
      ['Corso Palladio', '36100'],
    ],
  },
  treviso: {
    name: 'Treviso',
    province: 'TV',
    phonePrefix: '0422',
    streets: [
      ['Viale della Repubblica', '31100'],
      ['Via Terraglio', '31100'],
    ],
  },
  trento: {
    name: 'Trento',
    province: 'TN',
    phonePrefix: '0461',
    streets: [
      ['Via Brennero', '38121'],
      ['Via Giuseppe Verdi', '38122'],
    ],
  },
  bolzano: {
    name: 'Bolzano/Bozen',
    province: 'BZ',
    phonePrefix: '0471',
    streets: [
      ['Via Galvani', '39100'],
      ['Via Museo', '39100'],
    ],
  },
  trieste: {
    name: 'Trieste',
    province: 'TS',
    phonePrefix: '040',
    streets: [
      ['Via Giosuè Carducci', '34125'],
      ['Riva Nazario Sauro', '34124'],
    ],
  },
  udine: {
    name: 'Udine',
    province: 'UD',
    phonePrefix: '0432',
    streets: [
      ['Viale Venezia', '33100'],
      ['Via Cividale', '33100'],
    ],
  },
  bologna: {
    name: 'Bologna',
    province: 'BO',
    phonePrefix: '051',
    streets: [
      ["Via dell'Indipendenza", '40121'],
      ['Via Stalingrado', '40128'],
      ['Via Marco Emilio Lepido', '40132'],
      ['Via Ugo Bassi', '40121'],
    ],
  },
  modena: {
    name: 'Modena',
    province: 'MO',
    phonePrefix: '059',
    streets: [
      ['Via Emilia Ovest', '41123'],
      ['Viale Virgilio', '41123'],
    ],
  },
  parma: {
    name: 'Parma',
    province: 'PR',
    phonePrefix: '0521',
    streets: [
      ['Via Emilia Est', '43123'],
      ['Strada Garibaldi', '43121'],
    ],
  },
  reggio: {
    name: "Reggio nell'Emilia",
    province: 'RE',
    phonePrefix: '0522',
    streets: [["Via Emilia all'Angelo", '42124']],
  },
  ravenna: {
    name: 'Ravenna',
    province: 'RA',
    phonePrefix: '0544',
    streets: [
      ['Via Baiona', '48123'],
      ['Via di Roma', '48121'],
    ],
  },
  firenze: {
    name: 'Firenze',
    province: 'FI',
    phonePrefix: '055',
    streets: [
      ['Viale Giacomo Matteotti', '50132'],
      ["Via de' Cerretani", '50123'],
      ['Via Francesco Baracca', '50127'],
    ],
  },
  prato: {
    name: 'Prato',
    province: 'PO',
    phonePrefix: '0574',
    streets: [
      ['Via Valentini', '59100'],
      ['Viale della Repubblica', '59100'],
    ],
  },
  pisa: {
    name: 'Pisa',
    province: 'PI',
    phonePrefix: '050',
    streets: [
      ['Lungarno Pacinotti', '56126'],
      ['Via Aurelia Nord', '56122'],
    ],
  },
  livorno: {
    name: 'Livorno',
    province: 'LI',
    phonePrefix: '0586',
    streets: [
      ['Via Grande', '57123'],
      ['Via Enriques', '57121'],
    ],
  },
  perugia: {
    name: 'Perugia',
    province: 'PG',
    phonePrefix: '075',
    streets: [
      ['Corso Vannucci', '06121'],
      ['Via Settevalli', '06128'],
    ],
  },
  ancona: {
    name: 'Ancona',
    province: 'AN',
    phonePrefix: '071',
    streets: [
      ['Corso Garibaldi', '60121'],
      ['Via Flaminia', '60126'],
    ],
  },
  roma: {
    name: 'Roma',
    province: 'RM',
    phonePrefix: '06',
    streets: [
      ['Via Tiburtina', '00159'],
      ['Viale Europa', '00144'],
      ['Via Nazionale', '00184'],
      ['Via Salaria', '00198'],
      ['Via Cristoforo Colombo', '00147'],
    ],
  },
  latina: {
    name: 'Latina',
    province: 'LT',
    phonePrefix: '0773',
    streets: [
      ['Corso della Repubblica', '04100'],
      ['Via Epitaffio', '04100'],
    ],
  },
  pescara: {
    name: 'Pescara',
    province: 'PE',
    phonePrefix: '085',
    streets: [
      ['Corso Vittorio Emanuele II', '65122'],
      ['Viale Guglielmo Marconi', '65126'],
    ],
  },
  campobasso: {
    name: 'Campobasso',
    province: 'CB',
    phonePrefix: '0874',
    streets: [
      ['Corso Vittorio Emanuele', '86100'],
      ['Via Monsignor Bologna', '86100'],
    ],
  },
  napoli: {
    name: 'Napoli',
    province: 'NA',
    phonePrefix: '081',
    streets: [
      ['Via Toledo', '80134'],
      ['Corso Umberto I', '80138'],
      ['Via Argine', '80147'],
    ],
  },
  salerno: {
    name: 'Salerno',
    province: 'SA',
    phonePrefix: '089',
    streets: [
      ['Corso Vittorio Emanuele', '84123'],
      ['Via Roma', '84121'],
    ],
  },
  caserta: {
    name: 'Caserta',
    province: 'CE',
    phonePrefix: '0823',
    streets: [
      ['Corso Trieste', '81100'],
      ['Viale Carlo III', '81100'],
    ],
  },
  bari: {
    name: 'Bari',
    province: 'BA',
    phonePrefix: '080',
    streets: [
      ['Via Sparano da Bari', '70121'],
      ["Viale Unità d'Italia", '70125'],
      ['Via Giovanni Amendola', '70126'],
    ],
  },
  taranto: {
    name: 'Taranto',
    province: 'TA',
    phonePrefix: '099',
    streets: [
      ['Via Dante Alighieri', '74121'],
      ['Via Di Palma', '74123'],
    ],
  },
  lecce: {
    name: 'Lecce',
    province: 'LE',
    phonePrefix: '0832',
    streets: [
      ['Viale Gallipoli', '73100'],
      ['Via Salvatore Trinchese', '73100'],
    ],
  },
  potenza: {
    name: 'Potenza',
    province: 'PZ',
    phonePrefix: '0971',
    streets: [
      ['Via del Gallitello', '85100'],
      ['Via Pretoria', '85100'],
    ],
  },
  cosenza: {
    name: 'Cosenza',
    province: 'CS',
    phonePrefix: '0984',
    streets: [
      ['Corso Mazzini', '87100'],
      ['Viale della Repubblica', '87100'],
    ],
  },
  palermo: {
    name: 'Palermo',
    province: 'PA',
    phonePrefix: '091',
    streets: [
      ['Via della Libertà', '90143'],
      ['Via Roma', '90133'],
    ],
  },
  catania: {
    name: 'Catania',
    province: 'CT',
    phonePrefix: '095',
    streets: [
      ['Corso Italia', '95129'],
      ['Via Etnea', '95131'],
    ],
  },
  siracusa: {
    name: 'Siracusa',
    province: 'SR',
    phonePrefix: '0931',
    streets: [
      ['Corso Gelone', '96100'],
      ['Viale Teracati', '96100'],
    ],
  },
  cagliari: {
    name: 'Cagliari',
    province: 'CA',
    phonePrefix: '070',
    streets: [
      ['Via Roma', '09124'],
      ['Viale Trieste', '09123'],
    ],
  },
  sassari: {
    name: 'Sassari',
    province: 'SS',
    phonePrefix: '079',
    streets: [
      ['Viale Italia', '07100'],
      ['Via Roma', '07100'],
    ],
  },
} as const satisfies Record<string, CityData>;

export type CityKey = keyof typeof CITIES;

/** Belfiore (cadastral) codes of the birthplaces used for the personal codici fiscali of professionals. */
export const BELFIORE: Readonly<Record<string, string>> = {
  Bergamo: 'A794',
  Milano: 'F205',
  Torino: 'L219',
  Roma: 'H501',
  Napoli: 'F839',
  Bologna: 'A944',
  Firenze: 'D612',
  Brescia: 'B157',
  Verona: 'L781',
  Padova: 'G224',
  Genova: 'D969',
  Palermo: 'G273',
  Bari: 'A662',
  Catania: 'C351',
  Udine: 'L483',
  Cosenza: 'D086',
  Varese: 'L682',
  Salerno: 'H703',
  "Reggio nell'Emilia": 'H223',
};
