import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { FATTURAPA_SCHEMA_DIR } from '../../config/paths.js';

/**
 * Validation of a FatturaPA XML against the official schema (schema/README.md), with libxml2 compiled to
 * WebAssembly (xmllint-wasm: no native build, nothing fetched from the network). The schema imports the W3C
 * XML Signature schema from its w3.org address: the stored copy of that schema is handed to the validator
 * under that very address, so both files are used exactly as published.
 */

export const SCHEMA_FILE = 'Schema_VFPR12_v1.2.3.xsd';
export const XMLDSIG_FILE = 'xmldsig-core-schema.xsd';
const XMLDSIG_URL = 'http://www.w3.org/TR/2002/REC-xmldsig-core-20020212/xmldsig-core-schema.xsd';

let schemas: Promise<{ main: string; xmldsig: string }> | null = null;

function loadSchemas(): Promise<{ main: string; xmldsig: string }> {
  schemas ??= (async () => {
    const main = await readFile(path.join(FATTURAPA_SCHEMA_DIR, SCHEMA_FILE), 'utf8');
    const xmldsig = await readFile(path.join(FATTURAPA_SCHEMA_DIR, XMLDSIG_FILE), 'utf8');
    if (!main.includes(`schemaLocation="${XMLDSIG_URL}"`))
      throw new Error(`${SCHEMA_FILE} does not import ${XMLDSIG_URL}`);
    return { main, xmldsig };
  })();
  return schemas;
}

export interface SchemaCheck {
  valid: boolean;
  errors: string[];
}

/** Checks one document against the schema; the errors as libxml2 words them. */
export async function validateFatturaXml(xml: string, fileName = 'fattura.xml'): Promise<SchemaCheck> {
  const { main, xmldsig } = await loadSchemas();
  const { validateXML } = await import('xmllint-wasm');
  const result = await validateXML({
    xml: [{ fileName, contents: xml }],
    schema: [{ fileName: SCHEMA_FILE, contents: main }],
    preload: [{ fileName: XMLDSIG_URL, contents: xmldsig }],
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.message) };
}

/** Throws when the document does not validate: nothing invalid is ever stored or sent. */
export async function assertValidFatturaXml(xml: string, fileName?: string): Promise<void> {
  const check = await validateFatturaXml(xml, fileName);
  if (!check.valid) throw new Error(`FatturaPA XML not valid against the schema: ${check.errors.join('; ')}`);
}
