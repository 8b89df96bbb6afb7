import { cite, unverified, type Source } from './training-sources.js';

/**
 * The training obligations the scadenzario does NOT check, with their sources: the Normativa page and the
 * scadenzario list them, so a scadenzario with every line in order never implies more than it checks. Each
 * key has its Italian name in locales (training:untracked.<key>). A kind that becomes tracked moves to
 * TRAINING_KINDS and its rules table, and leaves this list.
 */
export interface UntrackedObligation {
  key: string;
  sources: readonly Source[];
}

const A25_EQUIPMENT = cite('accordo2025', 'parte II, § 8.3');
const ART_73 = cite('dlgs81', 'art. 73 c. 5');

export const UNTRACKED_OBLIGATIONS: readonly UntrackedObligation[] = [
  { key: 'dl_rspp', sources: [cite('dlgs81', 'art. 34'), unverified('accordo2025', 'parte II')] },
  { key: 'rspp_aspp', sources: [cite('dlgs81', 'art. 32'), unverified('accordo2025', 'parte II')] },
  { key: 'coordinatori', sources: [cite('dlgs81', 'art. 98 e allegato XIV'), unverified('accordo2025', 'parte II')] },
  { key: 'ambienti_confinati', sources: [unverified('dpr177', 'art. 2'), unverified('accordo2025', 'parte II')] },
  { key: 'ponteggi', sources: [unverified('dlgs81', 'art. 136 e allegato XXI')] },
  { key: 'funi', sources: [unverified('dlgs81', 'art. 116 e allegato XXI')] },
  { key: 'gru_torre', sources: [ART_73, A25_EQUIPMENT] },
  { key: 'gru_mobili', sources: [ART_73, A25_EQUIPMENT] },
  { key: 'pompe_calcestruzzo', sources: [ART_73, A25_EQUIPMENT] },
  { key: 'carroponte', sources: [ART_73, A25_EQUIPMENT] },
  { key: 'equipment_variants', sources: [ART_73, A25_EQUIPMENT] },
  { key: 'raccoglifrutta', sources: [ART_73, A25_EQUIPMENT] },
  { key: 'cantieri', sources: [unverified('accordo2025', 'parte II (moduli per i cantieri)')] },
  { key: 'antincendio_idoneita', sources: [cite('dlgs81', 'art. 46'), unverified('dm2021', 'art. 5 e allegato IV')] },
  { key: 'credits', sources: [unverified('accordo2025', 'parte I (crediti formativi)')] },
];
