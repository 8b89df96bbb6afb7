/** Builders for the certifications providers show on their profile: {name, issuer, number, issue_date, expiry_date?}. */

export interface Certification {
  name: string;
  issuer: string;
  number: string;
  issue_date: string;
  expiry_date?: string;
}

/** 'YYYY-MM-DD' plus whole years, minus one day (how certificates of 3 or 5 years are dated). */
function validFor(issued: string, years: number): string {
  const d = new Date(`${issued}T12:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

const cert = (name: string, issuer: string, number: string, issued: string, years?: number): Certification =>
  years === undefined
    ? { name, issuer, number, issue_date: issued }
    : { name, issuer, number, issue_date: issued, expiry_date: validFor(issued, years) };

export const iso9001 = (issuer: string, number: string, issued: string): Certification =>
  cert('UNI EN ISO 9001:2015 - Sistema di gestione per la qualità', issuer, number, issued, 3);

export const iso45001 = (issuer: string, number: string, issued: string): Certification =>
  cert('UNI ISO 45001:2018 - Sistema di gestione per la salute e sicurezza sul lavoro', issuer, number, issued, 3);

export const iso14001 = (issuer: string, number: string, issued: string): Certification =>
  cert('UNI EN ISO 14001:2015 - Sistema di gestione ambientale', issuer, number, issued, 3);

export const regionalAccreditation = (region: string, number: string, issued: string): Certification =>
  cert('Accreditamento regionale per i servizi di formazione continua', `Regione ${region}`, number, issued);

export const qualifiedTrainer = (number: string, issued: string): Certification =>
  cert(
    'Formatore qualificato per la salute e sicurezza sul lavoro (D.I. 6 marzo 2013)',
    'AiFOS - Associazione Italiana Formatori ed Operatori della Sicurezza sul Lavoro',
    number,
    issued,
    3,
  );

export const leadAuditor = (standard: 'ISO 45001' | 'ISO 14001', number: string, issued: string): Certification =>
  cert(`Lead Auditor ${standard} - registro auditor certificati`, 'AICQ SICEV', number, issued, 3);

export const rsppModules = (issuer: string, number: string, issued: string): Certification =>
  cert('Attestato RSPP Moduli A, B e C (art. 32 D.Lgs. 81/08)', issuer, number, issued, 5);

export const occupationalMedicine = (university: string, number: string, issued: string): Certification =>
  cert('Diploma di specializzazione in Medicina del Lavoro', university, number, issued);

export const occupationalDoctorsRegister = (number: string, issued: string): Certification =>
  cert(
    "Iscrizione all'Elenco nazionale dei medici competenti (art. 38 D.Lgs. 81/08)",
    'Ministero della Salute',
    number,
    issued,
  );

export const fireProfessional = (number: string, issued: string): Certification =>
  cert(
    "Professionista antincendio iscritto negli elenchi del Ministero dell'Interno (D.Lgs. 139/2006)",
    "Ministero dell'Interno - Dipartimento dei Vigili del Fuoco",
    number,
    issued,
    5,
  );

export const acousticsTechnician = (region: string, number: string, issued: string): Certification =>
  cert('Tecnico competente in acustica - Elenco nazionale ENTECA', `Regione ${region}`, number, issued);

export const wasteManagersRegister = (
  category: string,
  section: string,
  number: string,
  issued: string,
): Certification =>
  cert(
    `Iscrizione Albo Nazionale Gestori Ambientali - ${category}`,
    `Albo Nazionale Gestori Ambientali - Sezione ${section}`,
    number,
    issued,
    5,
  );

export const ircCentre = (number: string, issued: string): Certification =>
  cert(
    'Centro di formazione accreditato BLSD e primo soccorso',
    'IRC - Italian Resuscitation Council',
    number,
    issued,
    2,
  );

export const eurErg = (number: string, issued: string): Certification =>
  cert('European Ergonomist (Eur.Erg.)', 'CREE - Centre for Registration of European Ergonomists', number, issued, 5);

export const iecexPerson = (number: string, issued: string): Certification =>
  cert('IECEx Certificate of Personnel Competence (unità Ex 001, 002, 003)', 'IECEx - CESI S.p.A.', number, issued, 5);

export const siteCoordinator = (issuer: string, number: string, issued: string): Certification =>
  cert('Coordinatore per la sicurezza nei cantieri (Allegato XIV D.Lgs. 81/08, 120 ore)', issuer, number, issued, 5);

export const accreditedLab = (number: string, issued: string): Certification =>
  cert('Laboratorio di prova accreditato UNI CEI EN ISO/IEC 17025:2018', 'ACCREDIA', number, issued, 4);

export const hseExpert = (number: string, issued: string): Certification =>
  cert(
    'Esperto in sistemi di gestione salute, sicurezza e ambiente (UNI CEI EN ISO/IEC 17024)',
    'CEPAS - Bureau Veritas',
    number,
    issued,
    3,
  );

export const psychologistRegister = (order: string, number: string, issued: string): Certification =>
  cert("Iscrizione all'Albo degli Psicologi - Sezione A", order, number, issued);

export const sevesoExpert = (number: string, issued: string): Certification =>
  cert(
    'Esperto in sicurezza degli stabilimenti a rischio di incidente rilevante (D.Lgs. 105/2015)',
    'AIAS Academy',
    number,
    issued,
    3,
  );
