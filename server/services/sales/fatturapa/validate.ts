import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { fromRoot } from '../../../paths';

const SCHEMA_DIR = fromRoot('server', 'services', 'sales', 'fatturapa', 'schema');
const MAIN = 'Schema_del_file_xml_FatturaPA_v1.2.2.xsd';
/** The XML-signature schema the main one imports by this (local) file name. */
const SIGNATURE = 'xmldsig-core-schema.xsd';

/** What xmllint said about a document: valid, or each error with its line. */
export interface SchemaCheck {
  valid: boolean;
  errors: { line: number | null; message: string }[];
}

let schemas: Promise<{ main: string; signature: string }> | undefined;

/** The official schema files, read once (the repository's copy: docs/domain.md#electronic-invoice-fatturapa). */
function loadSchemas() {
  schemas ??= Promise.all([readFile(join(SCHEMA_DIR, MAIN), 'utf8'), readFile(join(SCHEMA_DIR, SIGNATURE), 'utf8')])
    .then(([main, signature]) => ({ main, signature }))
    .catch((error: unknown) => {
      schemas = undefined;
      throw error;
    });
  return schemas;
}

/**
 * Checks FatturaPA documents against the official XSD 1.2.2 with xmllint compiled to WebAssembly: offline (the
 * signature schema is preloaded, nothing is fetched) and with no native toolchain. One run checks them all (each
 * run starts a worker and compiles the schema, about a second): the answer is per file name, which must differ.
 * The schema checks structure and formats only; the totals are the builder's
 * (docs/domain.md#electronic-invoice-fatturapa).
 */
export async function checkAllAgainstSchema(
  documents: readonly { fileName: string; xml: string }[],
): Promise<Map<string, SchemaCheck>> {
  const { main, signature } = await loadSchemas();
  const result = await validateXML({
    xml: documents.map((d) => ({ fileName: d.fileName, contents: d.xml })),
    schema: [{ fileName: MAIN, contents: main }],
    preload: [{ fileName: SIGNATURE, contents: signature }],
  });
  const checks = new Map<string, SchemaCheck>(documents.map((d) => [d.fileName, { valid: true, errors: [] }]));
  for (const error of result.errors) {
    // Located errors name their file; the summary lines ("b.xml fails to validate") name it in the text.
    const name = error.loc?.fileName ?? documents.find((d) => error.rawMessage.includes(d.fileName))?.fileName;
    const check = name === undefined ? undefined : checks.get(name);
    if (!check) continue;
    check.valid = false;
    if (error.loc) check.errors.push({ line: error.loc.lineNumber, message: error.message });
  }
  // A failure xmllint names no file for: no document may pass unnoticed.
  if (!result.valid && [...checks.values()].every((c) => c.valid))
    for (const check of checks.values()) check.valid = false;
  return checks;
}

/** One document against the schema (see checkAllAgainstSchema). */
export async function checkAgainstSchema(xml: string, fileName = 'fattura.xml'): Promise<SchemaCheck> {
  const checks = await checkAllAgainstSchema([{ fileName, xml }]);
  return checks.get(fileName) as SchemaCheck;
}
