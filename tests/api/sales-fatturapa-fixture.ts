import Big from 'big.js';
import { create } from 'xmlbuilder2';
import { expect } from 'vitest';

/* eslint-disable @typescript-eslint/no-explicit-any -- the parsed XML is a loose tree */
export type Tree = Record<string, any>;

/** The FatturaPA document as a tree: `p:FatturaElettronica`'s content. */
export function parseFattura(xml: string): Tree {
  const object = create(xml).end({ format: 'object' }) as Tree;
  return object['p:FatturaElettronica'] as Tree;
}

/** An element that may repeat, always as a list. */
export const all = (node: unknown): Tree[] =>
  node === undefined ? [] : Array.isArray(node) ? (node as Tree[]) : [node as Tree];

const round2 = (value: Big) => value.round(2, Big.roundHalfUp).toFixed(2);

/**
 * What the XSD cannot check and the SdI recomputes (docs/domain.md#electronic-invoice-fatturapa): each
 * DatiRiepilogo's ImponibileImporto is the sum of its lines' PrezzoTotale, its Imposta that taxable times the
 * rate rounded half-up to the cent, a zero rate has its Natura (line and summary alike), and
 * ImportoTotaleDocumento is taxable plus VAT plus the virtual stamp duty when charged to the customer (DatiBollo is
 * there whenever the duty is due, docs/domain.md#stamp-duty).
 */
export function expectTotalsAddUp(doc: Tree, options: { stampDutyCharged?: boolean } = {}): void {
  const body = doc.FatturaElettronicaBody as Tree;
  const lines = all(body.DatiBeniServizi.DettaglioLinee);
  const summary = all(body.DatiBeniServizi.DatiRiepilogo);
  const key = (node: Tree) => `${node.AliquotaIVA}|${node.Natura ?? ''}`;
  expect(new Set(summary.map(key)).size, 'one DatiRiepilogo per rate and natura').toBe(summary.length);
  expect(new Set(lines.map(key))).toEqual(new Set(summary.map(key)));
  let total = new Big(0);
  for (const row of summary) {
    const taxable = lines
      .filter((line) => key(line) === key(row))
      .reduce((sum: Big, line) => sum.plus(line.PrezzoTotale as string), new Big(0));
    expect(row.ImponibileImporto, key(row)).toBe(round2(taxable));
    expect(row.Imposta, key(row)).toBe(round2(taxable.times(row.AliquotaIVA as string).div(100)));
    if (new Big(row.AliquotaIVA as string).eq(0)) {
      expect(row.Natura, 'a zero rate names its natura').toBeTruthy();
      expect(row.RiferimentoNormativo, 'a natura names its law').toBeTruthy();
    } else expect(row.Natura).toBeUndefined();
    total = total.plus(row.ImponibileImporto as string).plus(row.Imposta as string);
  }
  for (const line of lines) {
    const gross = new Big(line.Quantita as string).times(line.PrezzoUnitario as string);
    const discount = line.ScontoMaggiorazione ? new Big(line.ScontoMaggiorazione.Percentuale as string) : new Big(0);
    expect(line.PrezzoTotale).toBe(round2(gross.times(new Big(100).minus(discount)).div(100)));
  }
  const document = body.DatiGenerali.DatiGeneraliDocumento as Tree;
  const charged = options.stampDutyCharged ?? true;
  const stamp = document.DatiBollo && charged ? new Big(document.DatiBollo.ImportoBollo as string) : new Big(0);
  expect(document.ImportoTotaleDocumento).toBe(round2(total.plus(stamp)));
}
