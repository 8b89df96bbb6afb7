import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { FATTURAPA_SCHEMA_DIR } from '../../../src/config/paths.js';
import { SCHEMA_FILE, XMLDSIG_FILE, validateFatturaXml } from '../../../src/documents/fatturapa/validate.js';

// The hashes of the files as published (schema/README.md says where each comes from).
const PUBLISHED: Record<string, string> = {
  'Schema_VFPR12_v1.2.3.xsd': '152944f6eef9f5d69ef6e955ee173b32142b00a8c1c5222fc97dfab5910e8a8c',
  'xmldsig-core-schema.xsd': '35cf8197da812c85e40d57891b35c94187569ed474a2dac813ce5090dafcd35c',
};

const sha256 = (file: string) =>
  createHash('sha256')
    .update(readFileSync(path.join(FATTURAPA_SCHEMA_DIR, file)))
    .digest('hex');

describe('FatturaPA schema files', () => {
  it('are the ones the validator reads, and no other schema is kept', () => {
    const kept = readdirSync(FATTURAPA_SCHEMA_DIR).filter((f) => f.endsWith('.xsd'));
    expect(kept.sort()).to.deep.equal([SCHEMA_FILE, XMLDSIG_FILE].sort());
    expect(Object.keys(PUBLISHED).sort()).to.deep.equal(kept.sort());
  });

  for (const [file, hash] of Object.entries(PUBLISHED)) {
    it(`${file} is byte for byte the published file`, () => {
      expect(sha256(file)).to.equal(hash);
    });
  }

  it('refuses a document code the schema does not know, and knows those of the 1.9 specifications', async () => {
    const withType = (code: string) => `<?xml version="1.0" encoding="UTF-8"?>
<p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2">
<FatturaElettronicaHeader><DatiTrasmissione><IdTrasmittente><IdPaese>IT</IdPaese><IdCodice>01234567890</IdCodice></IdTrasmittente>
<ProgressivoInvio>1</ProgressivoInvio><FormatoTrasmissione>FPR12</FormatoTrasmissione><CodiceDestinatario>0000000</CodiceDestinatario></DatiTrasmissione>
<CedentePrestatore><DatiAnagrafici><IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>01234567890</IdCodice></IdFiscaleIVA>
<Anagrafica><Denominazione>A</Denominazione></Anagrafica><RegimeFiscale>RF01</RegimeFiscale></DatiAnagrafici>
<Sede><Indirizzo>Via Roma 1</Indirizzo><CAP>20100</CAP><Comune>Milano</Comune><Nazione>IT</Nazione></Sede></CedentePrestatore>
<CessionarioCommittente><DatiAnagrafici><IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>09876543210</IdCodice></IdFiscaleIVA>
<Anagrafica><Denominazione>B</Denominazione></Anagrafica></DatiAnagrafici>
<Sede><Indirizzo>Via Po 2</Indirizzo><CAP>10100</CAP><Comune>Torino</Comune><Nazione>IT</Nazione></Sede></CessionarioCommittente>
</FatturaElettronicaHeader>
<FatturaElettronicaBody><DatiGenerali><DatiGeneraliDocumento><TipoDocumento>${code}</TipoDocumento><Divisa>EUR</Divisa>
<Data>2026-11-30</Data><Numero>1</Numero></DatiGeneraliDocumento></DatiGenerali>
<DatiBeniServizi><DettaglioLinee><NumeroLinea>1</NumeroLinea><Descrizione>X</Descrizione><PrezzoUnitario>1.00</PrezzoUnitario>
<PrezzoTotale>1.00</PrezzoTotale><AliquotaIVA>22.00</AliquotaIVA></DettaglioLinee>
<DatiRiepilogo><AliquotaIVA>22.00</AliquotaIVA><ImponibileImporto>1.00</ImponibileImporto><Imposta>0.22</Imposta></DatiRiepilogo>
</DatiBeniServizi></FatturaElettronicaBody></p:FatturaElettronica>`;
    expect((await validateFatturaXml(withType('TD01'))).valid).to.equal(true);
    // TD29 (a missing or irregular invoice reported by the buyer) exists from schema 1.2.3 on.
    expect((await validateFatturaXml(withType('TD29'))).valid).to.equal(true);
    const unknown = await validateFatturaXml(withType('TD99'));
    expect(unknown.valid).to.equal(false);
    expect(unknown.errors.join(' ')).to.include('TD99');
  });
});
