import type * as fastXmlParser from 'fast-xml-parser';
import { lazyPackage } from '../../../lazy';
import type { SDI_EVENT_KINDS, SDI_OUTCOMES } from '../../../../resources/sales/sdi-events';

// Loaded with the first receipt read, not at start-up.
const xmlParser = lazyPackage<typeof fastXmlParser>('fast-xml-parser');

/** The SdI's messages namespace (MessaggiTypes_v1.1): every receipt's root element is in it. */
export const MESSAGES_NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/messaggi/v1.0';

/** The largest receipt accepted: an NS listing many errors is a few tens of kilobytes. */
export const MAX_RECEIPT_BYTES = 512 * 1024;

export type ReceiptKind = Exclude<(typeof SDI_EVENT_KINDS)[number], 'send'>;

/** The root element of each receipt the supplier's side receives (docs/domain.md#sdi-round-trip). */
const ROOTS: Readonly<Record<string, ReceiptKind>> = {
  RicevutaConsegna: 'RC',
  NotificaScarto: 'NS',
  NotificaMancataConsegna: 'MC',
  NotificaEsito: 'NE',
  NotificaDecorrenzaTermini: 'DT',
  AttestazioneTrasmissioneFattura: 'AT',
};

export interface ReceiptError {
  code: string | null;
  description: string | null;
  hint: string | null;
}

/** What the product reads of a receipt. */
export interface Receipt {
  kind: ReceiptKind;
  sdiIdentifier: string;
  /** NomeFile: the transmitted file the receipt is about. */
  fileName: string;
  messageId: string;
  /** DataOraRicezione (ISO 8601 with offset), when the receipt carries it. */
  receivedAt: string | null;
  outcome: (typeof SDI_OUTCOMES)[number] | null;
  errors: ReceiptError[];
  /** Descrizione and Note, joined: what the SdI says beside the codes. */
  note: string | null;
}

/** Why a receipt cannot be read: the catalogue key `validation.sales.<key>` and the element it names. */
export class ReceiptProblem extends Error {
  constructor(
    readonly key: string,
    readonly element: string,
    message: string,
  ) {
    super(message);
  }
}

type Node = Record<string, unknown>;

/** `ns3:NomeFile` → `NomeFile`: the SdI's samples qualify some children and not others. */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

function normalise(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normalise);
  if (typeof node !== 'object' || node === null) return node;
  const out: Node = {};
  for (const [key, value] of Object.entries(node)) if (!key.startsWith('@')) out[local(key)] = normalise(value);
  return out;
}

const text = (node: Node, name: string): string | undefined => {
  const value = node[name];
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number') return String(value);
  return undefined;
};

function required(node: Node, name: string, max: number): string {
  const value = text(node, name);
  if (value === undefined)
    throw new ReceiptProblem('sdiReceiptMissing', name, `The receipt has no ${name}, which every SdI receipt carries.`);
  if (value.length > max)
    throw new ReceiptProblem('sdiReceiptInvalid', name, `The receipt's ${name} is longer than ${max} characters.`);
  return value;
}

/** Minutes east of UTC of Italy's clock at that instant (CET or CEST). */
function romeOffsetMinutes(utc: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Rome',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(new Date(utc));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return (Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute')) - utc) / 60000;
}

/** xs:dateTime as the SdI writes it; without an offset it is Italian time. */
function dateTime(value: string | undefined, name: string): string | null {
  if (value === undefined) return null;
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime()) || !value.includes('T'))
    throw new ReceiptProblem('sdiReceiptInvalid', name, `The receipt's ${name} (${value}) is no date and time.`);
  const zoned = value.endsWith('Z') || /[+-]\d\d:\d\d$/.test(value);
  if (zoned) return parsed.toISOString();
  const asUtc = Date.parse(`${value}Z`);
  return new Date(asUtc - romeOffsetMinutes(asUtc) * 60000).toISOString();
}

const clip = (value: string | undefined, max: number) => (value ? value.slice(0, max) : null);

function errorsOf(node: Node): ReceiptError[] {
  const list = node.ListaErrori as Node | undefined;
  const raw = list?.Errore;
  const rows = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]) as Node[];
  return rows.map((row) => ({
    code: clip(text(row, 'Codice'), 10),
    description: clip(text(row, 'Descrizione'), 500),
    hint: clip(text(row, 'Suggerimento'), 500),
  }));
}

/**
 * Reads an SdI receipt (docs/domain.md#sdi-round-trip) with an XML parser: well-formed, no DOCTYPE (so no
 * entity of the sender's), one root element of the messages namespace that is one of the six receipts, and
 * the elements the product needs. Anything else is a ReceiptProblem naming the element.
 */
export function parseReceipt(xml: string): Receipt {
  const head = xml.toUpperCase();
  if (head.includes('<!DOCTYPE') || head.includes('<!ENTITY'))
    throw new ReceiptProblem('sdiReceiptDoctype', 'DOCTYPE', 'A receipt may not declare a DOCTYPE or entities.');
  const { XMLParser, XMLValidator } = xmlParser();
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw new ReceiptProblem('sdiReceiptMalformed', 'xml', `The receipt is not well-formed XML: ${valid.err.msg}`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    parseAttributeValue: false,
    htmlEntities: false,
  });
  const tree = parser.parse(xml) as Node;
  const roots = Object.keys(tree).filter((key) => !key.startsWith('?'));
  const rootName = roots.length === 1 ? roots[0] : '';
  const root = tree[rootName] as Node | undefined;
  const prefix = rootName.includes(':') ? rootName.slice(0, rootName.indexOf(':')) : '';
  const namespace = root && typeof root === 'object' ? root[prefix ? `@xmlns:${prefix}` : '@xmlns'] : undefined;
  const kind = ROOTS[local(rootName)];
  if (!root || typeof root !== 'object' || namespace !== MESSAGES_NAMESPACE || !kind)
    throw new ReceiptProblem(
      'sdiReceiptUnknown',
      local(rootName) || 'xml',
      `The root element ${rootName || '(none)'} is not an SdI receipt of namespace ${MESSAGES_NAMESPACE}.`,
    );
  const node = normalise(root) as Node;
  const sdiIdentifier = required(node, 'IdentificativoSdI', 20);
  if (!/^\d+$/.test(sdiIdentifier))
    throw new ReceiptProblem('sdiReceiptInvalid', 'IdentificativoSdI', 'IdentificativoSdI must be a number.');
  let outcome: Receipt['outcome'] = null;
  if (kind === 'NE') {
    const esito = text((node.EsitoCommittente ?? {}) as Node, 'Esito');
    if (esito !== 'EC01' && esito !== 'EC02')
      throw new ReceiptProblem('sdiReceiptInvalid', 'Esito', `EsitoCommittente/Esito must be EC01 or EC02.`);
    outcome = esito;
  }
  const description = text(node, 'Descrizione') ?? text((node.EsitoCommittente ?? {}) as Node, 'Descrizione');
  const note = [description, text(node, 'Note')].filter(Boolean).join(' — ');
  return {
    kind,
    sdiIdentifier,
    fileName: required(node, 'NomeFile', 60),
    messageId: required(node, 'MessageId', 40),
    receivedAt: dateTime(text(node, 'DataOraRicezione'), 'DataOraRicezione'),
    outcome,
    errors: kind === 'NS' ? errorsOf(node) : [],
    note: note ? note.slice(0, 2000) : null,
  };
}
