import { salesCustomers, salesProducts, salesSites, salesSuppliers } from '../../resources/index';
import { decimal } from '../../resources/schema';
import { CITIES, FIRST_NAMES, LAST_NAMES, STREETS, type City } from './italian-data';
import { seedSalesDocuments } from './sales-documents';
import {
  ACCESS_NOTES,
  BANKS,
  BELFIORE,
  CUSTOMER_COMPANIES,
  FEMALE_NAMES,
  FOREIGN_CUSTOMER,
  LEGAL_FORMS,
  OPENING_HOURS,
  PRODUCTS,
  PUBLIC_ADMINISTRATIONS,
  SITE_NAMES,
  SUPPLIERS,
  ZONES,
} from './sales-data';
import { digits, fiscalCode, italianIban, pick, random, vatNumber, type Random } from './sales-identifiers';
import { SalesWriter, seedSettings } from './sales-settings';
import type { Db } from '../db/tables';

type Row = Record<string, unknown>;

/** The demo's current year: price lists and declarations of intent run by calendar year. */
const YEAR = new Date().getFullYear();

function addressIn(next: Random, city: City) {
  return {
    street: pick(next, STREETS),
    streetNumber: String(1 + Math.floor(next() * 180)),
    zip: city.zip,
    city: city.name,
    province: city.province,
    country: 'IT',
  };
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** Payment terms and method of a customer, with the bank details the method needs. */
function paymentOf(next: Random, terms: Map<string, string>, i: number): Row {
  const abi = pick(next, BANKS);
  const cab = digits(next, 5);
  switch (i % 5) {
    case 0:
      return { paymentTermId: terms.get('RiBa 60 gg FM'), paymentMethod: 'MP12', bankAbi: abi, bankCab: cab };
    case 1:
      return { paymentTermId: terms.get('30/60 gg DF FM'), paymentMethod: 'MP05' };
    case 2:
      return { paymentTermId: terms.get('Rimessa diretta'), paymentMethod: 'MP05' };
    case 3:
      return {
        paymentTermId: terms.get('30 gg DF'),
        paymentMethod: 'MP19',
        customerIban: italianIban(abi, cab, digits(next, 12)),
      };
    default:
      return { paymentTermId: terms.get('30 gg DF'), paymentMethod: 'MP05' };
  }
}

/** Body of the `i`-th demo customer: mostly companies, some individuals, public administrations, one foreign. */
function customerBody(
  next: Random,
  i: number,
  count: number,
  settings: { terms: Map<string, string>; vat: Map<string, string>; lists: Map<string, string> },
): Row {
  const city = CITIES[i % CITIES.length];
  const phone = `+39${city.areaCode}${digits(next, 10 - city.areaCode.length)}`;
  const common = {
    vatCountry: 'IT',
    sdiCode: '0000000',
    vatRegime: 'standard',
    billingAddress: addressIn(next, city),
    phone,
    ...paymentOf(next, settings.terms, i),
  };
  if (i === count - 1)
    return { kind: 'foreign', legalName: FOREIGN_CUSTOMER.legalName, vatCountry: FOREIGN_CUSTOMER.vatCountry,
      vatNumber: FOREIGN_CUSTOMER.vatNumber, sdiCode: 'XXXXXXX', vatRegime: 'standard', billingAddress: FOREIGN_CUSTOMER.address,
      email: FOREIGN_CUSTOMER.email, paymentTermId: settings.terms.get('30 gg DF'), paymentMethod: 'MP05', tags: ['estero'] }; // prettier-ignore
  const pa = PUBLIC_ADMINISTRATIONS[count - 2 - i];
  if (pa) {
    const number = vatNumber(next);
    return { ...common, kind: 'publicAdministration', legalName: pa.name, vatNumber: number, taxCode: number,
      sdiCode: pa.sdiCode, vatRegime: 'splitPayment', paymentTermId: settings.terms.get('30 gg DF'), paymentMethod: 'MP05',
      bankAbi: null, bankCab: null, customerIban: null, cig: `Z${digits(next, 9)}`,
      pecEmail: `protocollo@pec.${slug(pa.name).slice(0, 20)}.it`, tags: ['pubblica amministrazione'] }; // prettier-ignore
  }
  if (i % 6 === 5) {
    const first = pick(next, FIRST_NAMES);
    const last = pick(next, LAST_NAMES);
    const birth = `${1950 + Math.floor(next() * 50)}-${String(1 + Math.floor(next() * 12)).padStart(2, '0')}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`;
    return { ...common, kind: 'individual', firstName: first, lastName: last,
      taxCode: fiscalCode(first, last, birth, FEMALE_NAMES.has(first), BELFIORE[city.name]),
      email: `${slug(first)}.${slug(last)}${i}@gmail.com`, defaultVatRateId: settings.vat.get('10'), tags: ['privato'] }; // prettier-ignore
  }
  const k = i - Math.floor(i / 6);
  const base = CUSTOMER_COMPANIES[k % CUSTOMER_COMPANIES.length];
  const legalForm = pick(next, LEGAL_FORMS);
  // A condominium is no company: it has no legal form.
  const name = `${base}${k >= CUSTOMER_COMPANIES.length ? ` ${city.name}` : ''}${base.startsWith('Condominio') ? '' : ` ${legalForm}`}`;
  const number = vatNumber(next);
  // A condominium withholds 4 % on contract works (art. 25-ter DPR 600/73): no special VAT regime.
  const special = base.startsWith('Condominio')
    ? { vatRegime: 'standard', defaultVatRateId: settings.vat.get('10'), withholdingAgent: true,
        withholdingRate: '4.00', withholdingReason: 'W' } // prettier-ignore
    : i % 9 === 4
      ? {
          vatRegime: 'reverseChargeN67',
          defaultVatRateId: settings.vat.get('0-N6.7'),
          priceListId: settings.lists.get('Installatori'),
        }
      : i % 13 === 7
        ? { vatRegime: 'declarationOfIntent', defaultVatRateId: settings.vat.get('0-N3.5'),
            declarationProtocolNumber: `${digits(next, 17)}-${digits(next, 6)}`, declarationDate: `${YEAR}-01-10`,
            declarationFromDate: `${YEAR}-01-01`, declarationToDate: `${YEAR}-12-31`, declarationAmountCeiling: '150000.00' } // prettier-ignore
        : { vatRegime: 'standard', defaultVatRateId: settings.vat.get('22') };
  return {
    ...common,
    ...special,
    kind: 'company',
    legalName: name.slice(0, 80),
    vatNumber: number,
    taxCode: number,
    sdiCode: next() < 0.6 ? pick(next, ['M5UXCR1', 'KRRH6B9', 'SUBM70N', 'T04ZHR3', 'USAL8PV']) : '0000000',
    pecEmail: `${slug(base).slice(0, 24)}@pec.it`,
    email: `amministrazione@${slug(base).slice(0, 24)}.it`,
    discountPercent: i % 4 === 0 ? '5.00' : null,
    creditLimit: i % 3 === 0 ? `${(5 + Math.floor(next() * 20)) * 1000}.00` : null,
    blocked: i === 11,
    notes: i % 5 === 2 ? '<p>Fatture via PEC; referente amministrativo disponibile al mattino.</p>' : null,
    tags: i % 2 === 0 ? ['contratto manutenzione'] : [],
  };
}

async function seedSites(w: SalesWriter, next: Random, customers: Row[], contactIds: string[]): Promise<Row[]> {
  const sites: Row[] = [];
  for (const [i, customer] of customers.entries()) {
    const home = customer.billingAddress as Row;
    const count = customer.kind === 'individual' ? 1 : 1 + Math.floor(next() * 3);
    let main: Row | undefined;
    for (let s = 0; s < count; s++) {
      const city = s === 0 || customer.kind === 'foreign' ? undefined : pick(next, CITIES);
      const address = city ? addressIn(next, city) : home;
      const province = String(address.province ?? '');
      const site = await w.insert(salesSites, {
        customerId: customer.id,
        code: `S${String(s + 1).padStart(2, '0')}`,
        name:
          customer.kind === 'individual'
            ? 'Abitazione'
            : s === 0
              ? SITE_NAMES[0]
              : `${pick(next, SITE_NAMES.slice(1))} ${address.city}`,
        address,
        // A third site is a floor of the main building, to show the site hierarchy.
        parentSiteId: s === 2 && main ? main.id : null,
        accessNotes: next() < 0.5 ? pick(next, ACCESS_NOTES) : null,
        openingHours: customer.kind === 'individual' ? null : pick(next, OPENING_HOURS),
        primaryContactId: contactIds.length > 0 && next() < 0.6 ? pick(next, contactIds) : null,
        zone: ZONES[province] ?? 'Estero',
        fgasOperatorCustomerId: i % 10 === 3 && customers[i + 1] ? customers[i + 1].id : null,
      });
      main ??= site;
      sites.push(site);
    }
  }
  return sites;
}

async function seedSuppliers(w: SalesWriter, next: Random, terms: Map<string, string>, count: number): Promise<void> {
  for (const [i, supplier] of SUPPLIERS.slice(0, count).entries()) {
    const city = CITIES.find((c) => c.name === supplier.city) ?? CITIES[0];
    const number = vatNumber(next);
    await w.insert(salesSuppliers, {
      legalName: supplier.name,
      vatNumber: number,
      taxCode: number,
      address: addressIn(next, city),
      email: `ordini@${slug(supplier.name).slice(0, 24)}.it`,
      pecEmail: `${slug(supplier.name).slice(0, 24)}@legalmail.it`,
      phone: `+39${city.areaCode}${digits(next, 10 - city.areaCode.length)}`,
      iban: italianIban(pick(next, BANKS), digits(next, 5), digits(next, 12)),
      paymentTermId: terms.get(i % 2 === 0 ? '30/60 gg DF FM' : 'RiBa 60 gg FM'),
      paymentMethod: i % 2 === 0 ? 'MP05' : 'MP12',
      leadTimeDays: supplier.leadTimeDays,
      isRetailer: supplier.retailer,
    });
  }
}

async function seedProducts(w: SalesWriter, vat: Map<string, string>, lists: Map<string, string>): Promise<Row[]> {
  const base = lists.get('Listino base');
  const products: Row[] = [];
  for (const p of PRODUCTS) {
    const prices: Row[] = [
      { priceListId: base, unitPrice: p.price, validFrom: `${YEAR}-01-01` },
      // Last year's price, closed when the new list came out.
      {
        priceListId: base,
        unitPrice: decimal.round(decimal.dec(p.price).times('0.96'), 2),
        validFrom: `${YEAR - 1}-01-01`,
        validTo: `${YEAR - 1}-12-31`,
      },
    ];
    if (p.trade)
      prices.push({ priceListId: lists.get('Installatori'), unitPrice: p.trade, validFrom: `${YEAR}-01-01` });
    if (p.bulk)
      prices.push({
        priceListId: base,
        unitPrice: p.bulk[1],
        validFrom: `${YEAR}-01-01`,
        minQuantity: p.bulk[0],
      });
    products.push(
      await w.insert(salesProducts, {
        code: p.code, name: p.name, type: p.type, uom: p.uom, vatRateId: vat.get('22'), prices, costPrice: p.cost ?? null,
      }), // prettier-ignore
    );
  }
  return products;
}

/**
 * The sales demo of one tenant. Always: VAT rates, payment terms and numbering series. With
 * `scale` > 0 also about 40 customers with their sites, 15 suppliers, 40 products, 20 quotes,
 * 10 proformas and 30 draft invoices (times `scale`). Runs first of the module seeds.
 */
export async function seedSales(trx: Db, tenant: string, options: { scale: number }): Promise<void> {
  const w = new SalesWriter(trx, tenant);
  const settings = await seedSettings(w);
  if (options.scale <= 0) return;
  const next = random(`${tenant}/sales`);
  const scaled = (n: number) => Math.max(1, Math.round(n * options.scale));
  const count = Math.max(scaled(40), 4);
  const customers: Row[] = [];
  for (let i = 0; i < count; i++)
    customers.push(await w.insert(salesCustomers, customerBody(next, i, count, settings)));
  const contactIds = (
    await trx.selectFrom('address_book.contacts').select('id').where('tenantId', '=', tenant).execute()
  ).map((row) => String(row.id));
  const sites = await seedSites(w, next, customers, contactIds);
  await seedSuppliers(w, next, settings.terms, Math.min(scaled(15), SUPPLIERS.length));
  const products = await seedProducts(w, settings.vat, settings.lists);
  await seedSalesDocuments(w, next, { customers, sites, products, scale: options.scale });
}

export { linkSalesDemo } from './sales-link';
