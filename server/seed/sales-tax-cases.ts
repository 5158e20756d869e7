import { sql } from 'kysely';
import customers from '../../resources/sales/customers';
import invoices from '../../resources/sales/invoices';
import numberingSeries from '../../resources/sales/numbering-series';
import { todayInItaly } from '../../resources/schema/presets';
import { tableRef } from '../db/derive';
import type { Db } from '../db/tables';
import { type Actor, Records, runAction } from '../records';
import { salesHooks } from '../services/sales/hooks';

type Row = Record<string, unknown>;

const line = (description: string, quantity: string, unitPrice: string, vatRate: string, vatNature?: string) => ({
  description,
  quantity,
  unitPrice,
  vatRate,
  vatNature: vatNature ?? null,
});

/** One invoice of each tax case (docs/domain.md#tax-cases): which customer it goes to and what it bills. */
const CASES: { what: string; customer: (c: Row) => boolean; body: (c: Row) => Row }[] = [
  {
    what: 'split payment to a public administration (FPA12, CIG and CUP)',
    customer: (c) => c.kind === 'publicAdministration' && c.vatRegime === 'splitPayment',
    body: (c) => ({
      orderRef: 'DET-118',
      cig: c.cig ?? null,
      cup: 'J41B26000100005',
      lines: [
        line('Manutenzione programmata impianti di climatizzazione uffici comunali', '1', '1850.00', '22'),
        line('Sostituzione filtri unità di trattamento aria', '12', '38.50', '22'),
      ],
      notes: 'Manutenzione semestrale come da determina di affidamento.',
    }),
  },
  {
    what: 'reverse charge N6.7 to a building contractor',
    customer: (c) => c.vatRegime === 'reverseChargeN67',
    body: () => ({
      lines: [
        line('Subappalto: installazione impianto di climatizzazione canalizzato, cantiere via Verdi', '1', '4200.00', '0', 'N6.7'), // prettier-ignore
        line('Manodopera tecnico frigorista', '16', '45.00', '0', 'N6.7'),
      ],
    }),
  },
  {
    what: 'exempt and excluded lines with the stamp duty',
    customer: (c) => c.kind === 'company' && c.vatRegime === 'standard' && c.withholdingAgent !== true,
    body: () => ({
      lines: [
        line('Corso di formazione F-gas per il personale addetto (art. 10 n. 20 DPR 633/72)', '1', '350.00', '0', 'N4'), // prettier-ignore
        line('Contributo bollino catasto impianti termici, anticipato in nome e per conto', '1', '14.00', '0', 'N1'),
        line('Verifica di efficienza energetica', '1', '90.00', '22'),
      ],
    }),
  },
  {
    what: 'a condominium that withholds 4 % (art. 25-ter DPR 600/73)',
    customer: (c) => c.withholdingAgent === true,
    body: () => ({
      lines: [
        line('Sostituzione generatore centrale termica condominiale', '1', '6800.00', '10'),
        line('Smaltimento vecchio generatore e pratiche', '1', '350.00', '10'),
      ],
    }),
  },
  {
    what: 'an exporter under a declaration of intent (N3.5)',
    customer: (c) => c.vatRegime === 'declarationOfIntent',
    body: () => ({
      lines: [
        line('Manutenzione programmata gruppo frigo / chiller', '1', '320.00', '0', 'N3.5'),
        line('Controllo perdite F-gas (Reg. UE 2024/573)', '2', '85.00', '0', 'N3.5'),
      ],
    }),
  },
];

/**
 * Issued invoices of each tax case for the demo tenant, dated today after the rest of the billing: written and
 * issued through the records engine and the sales hooks, so stamp duty, snapshots and due dates are the
 * product's own. A case the hooks refuse (or whose customer the demo lacks) is skipped and logged.
 */
export async function seedTaxCases(trx: Db, tenant: string, log: (m: string) => void = (m) => console.warn(m)) {
  const admin: Actor = { tenant, username: 'admin', roles: ['ROLE_ADMIN'] };
  const records = new Records(trx, invoices, salesHooks[invoices.name]);
  const series = await trx
    .selectFrom(tableRef(numberingSeries))
    .select('id')
    .where('tenantId', '=', tenant)
    .where('documentKind', '=', 'invoice')
    .orderBy('code')
    .executeTakeFirst();
  const all = (await trx
    .selectFrom(tableRef(customers))
    .selectAll()
    .where('tenantId', '=', tenant)
    .where('blocked', 'is not', true)
    .orderBy('code')
    .execute()) as Row[];
  for (const [i, taxCase] of CASES.entries()) {
    const customer = all.find(taxCase.customer);
    if (!customer || !series) {
      log(`seed ${tenant}: no customer for ${taxCase.what}`);
      continue;
    }
    const name = sql.raw(`seed_tax_${i}`);
    await sql`savepoint ${name}`.execute(trx);
    try {
      const draft = await records.insert(
        admin,
        { documentType: 'TD01', seriesId: series.id, date: todayInItaly(), customerId: customer.id, ...taxCase.body(customer) }, // prettier-ignore
        'it',
      );
      await runAction(records, salesHooks[invoices.name], admin, String(draft.id), 'issue', { version: draft.version }, 'it'); // prettier-ignore
      await sql`release savepoint ${name}`.execute(trx);
    } catch (error) {
      await sql`rollback to savepoint ${name}`.execute(trx);
      log(`seed ${tenant}: ${taxCase.what} skipped (${error instanceof Error ? error.message : String(error)})`);
    }
  }
}
