/** Raw material for the warehouse demo data: real manufacturers and the parts an HVAC company stocks. */

export interface DemoManufacturer {
  key: string;
  name: string;
  website: string;
  supportPhone: string;
}

export const MANUFACTURERS: readonly DemoManufacturer[] = [
  { key: 'daikin', name: 'Daikin', website: 'https://www.daikin.it', supportPhone: '+39 02 51619 1' },
  { key: 'mitsubishi', name: 'Mitsubishi Electric', website: 'https://www.mitsubishielectric.it', supportPhone: '+39 039 60531' },
  { key: 'carrier', name: 'Carrier', website: 'https://www.carrier.com/it', supportPhone: '+39 02 36601 1' },
  { key: 'danfoss', name: 'Danfoss', website: 'https://www.danfoss.com/it-it', supportPhone: '+39 011 300 0511' },
  { key: 'copeland', name: 'Emerson / Copeland', website: 'https://www.copeland.com/it-it', supportPhone: '+39 02 96178 1' },
  { key: 'castel', name: 'Castel', website: 'https://www.castel.it', supportPhone: '+39 02 44188 1' },
  { key: 'parker', name: 'Parker', website: 'https://www.parker.com/it', supportPhone: '+39 02 45192 1' },
  { key: 'aermec', name: 'Aermec', website: 'https://www.aermec.com/it', supportPhone: '+39 0442 633111' },
  { key: 'samsung', name: 'Samsung', website: 'https://www.samsung.com/it/business/climate', supportPhone: '+39 02 38601' },
  { key: 'lg', name: 'LG', website: 'https://www.lg.com/it/business', supportPhone: '+39 02 51801' },
]; // prettier-ignore

export const RETAILERS: readonly { name: string; website: string; notes: string }[] = [
  { name: 'Frigoveneta Distribuzione', website: 'www.frigoveneta.it', notes: 'Consegna in 24 ore in Nord Italia.' },
  { name: 'Termoidraulica Lombarda', website: 'www.termoidraulicalombarda.it', notes: 'Ritiro al banco a Sesto San Giovanni.' },
  { name: 'Clima Market Italia', website: 'www.climamarket.it', notes: 'Listino aggiornato ogni trimestre.' },
  { name: 'RefriCenter Sud', website: 'www.refricenter.it', notes: 'Bombole refrigerante a rendere.' },
  { name: 'Idrotermica Emiliana', website: 'www.idrotermicaemiliana.it', notes: 'Sconto 5% sopra i 1.000 euro.' },
  { name: 'Gas Refrigeranti Nord', website: 'www.gasrefrigerantinord.it', notes: 'Fornitore qualificato F-gas.' },
]; // prettier-ignore

/** Where an item is kept in the main warehouse, by category. */
export type Category =
  'filter' | 'valve' | 'electrical' | 'pipe' | 'consumable' | 'refrigerant' | 'compressor' | 'spare';

export interface DemoItem {
  sku: string;
  name: string;
  manufacturer?: string;
  partNumber?: string;
  uom: 'pz' | 'kg' | 'm' | 'l';
  tracking: 'none' | 'lot' | 'serial';
  /** Standard cost per unit, 8 decimals at most. */
  cost: string;
  category: Category;
  weightKg?: string;
  /** Refrigerant cylinders: the gas code wfm's refrigerant table knows, and the cylinder's charge. */
  gas?: string;
  cylinderKg?: string;
}

const filters: DemoItem[] = [
  ['032', '1/4" SAE', '023Z5038', '14.90'],
  ['052', '1/4" SAE', '023Z5040', '16.80'],
  ['053', '3/8" SAE', '023Z5041', '18.20'],
  ['083', '3/8" SAE', '023Z5044', '22.50'],
  ['084', '1/2" SAE', '023Z5045', '24.90'],
  ['163', '3/8" ODF', '023Z5051', '31.40'],
  ['164', '1/2" ODF', '023Z5052', '33.70'],
  ['305', '5/8" ODF', '023Z5066', '58.00'],
].map(([size, conn, pn, cost]) => ({
  sku: `FIL-DML${size}`,
  name: `Filtro deidratatore Danfoss DML ${size} ${conn}`,
  manufacturer: 'danfoss',
  partNumber: pn,
  uom: 'pz' as const,
  tracking: 'none' as const,
  cost,
  category: 'filter' as const,
  weightKg: '0.350',
}));

const castelFilters: DemoItem[] = [
  ['4308/3', '3/8" SAE', '12.60'],
  ['4316/4', '1/2" SAE', '17.40'],
  ['4332/5', '5/8" ODF', '29.80'],
  ['4316/S', 'bidirezionale 1/2" ODF', '26.50'],
].map(([model, conn, cost]) => ({
  sku: `FIL-CA${model.replace('/', '')}`,
  name: `Filtro disidratatore Castel ${model} ${conn}`,
  manufacturer: 'castel',
  partNumber: model,
  uom: 'pz' as const,
  tracking: 'none' as const,
  cost,
  category: 'filter' as const,
  weightKg: '0.300',
}));

const capacitors: DemoItem[] = [
  ['1.5', '3.90'],
  ['2', '4.10'],
  ['3', '4.40'],
  ['5', '4.90'],
  ['10', '5.70'],
  ['20', '7.90'],
  ['25', '8.90'],
  ['30', '9.80'],
  ['35', '10.60'],
  ['40', '11.40'],
  ['45+5', '14.50'],
  ['50+5', '15.80'],
].map(([uf, cost]) => ({
  sku: `CAP-${uf.replace('+', '-').replace('.', 'U')}UF`,
  name: `Condensatore di marcia ${uf} µF 450 V`,
  uom: 'pz' as const,
  tracking: 'none' as const,
  cost,
  category: 'electrical' as const,
  weightKg: '0.080',
}));

const valves: DemoItem[] = [
  { sku: 'VAL-TEX2', name: 'Valvola termostatica Danfoss TEX 2 R410A', manufacturer: 'danfoss', partNumber: '068Z3209', cost: '78.00' },
  { sku: 'VAL-TE5', name: 'Valvola termostatica Danfoss TE 5 R404A', manufacturer: 'danfoss', partNumber: '067B3250', cost: '96.50' },
  { sku: 'VAL-ORF2', name: 'Orifizio Danfoss TE 2 n. 02', manufacturer: 'danfoss', partNumber: '068-2091', cost: '18.40' },
  { sku: 'VAL-SOL1020', name: 'Valvola solenoide Castel 1020/3 3/8" SAE', manufacturer: 'castel', partNumber: '1020/3', cost: '34.90' },
  { sku: 'VAL-SOL1064', name: 'Valvola solenoide Castel 1064/4 1/2" ODF', manufacturer: 'castel', partNumber: '1064/4', cost: '41.20' },
  { sku: 'VAL-BOB9100', name: 'Bobina Castel HM2 230 V per valvola solenoide', manufacturer: 'castel', partNumber: '9100/RA6', cost: '22.80' },
  { sku: 'VAL-SFE6570', name: 'Valvola a sfera Castel 6570/M12 1/2"', manufacturer: 'castel', partNumber: '6570/M12', cost: '27.60' },
  { sku: 'VAL-SCH14', name: 'Valvola Schrader 1/4" SAE con cappuccio', manufacturer: 'parker', partNumber: 'SCH-14', cost: '2.10' },
  { sku: 'VAL-RIT5', name: 'Valvola di ritegno Castel 3122/5 5/8" ODF', manufacturer: 'castel', partNumber: '3122/5', cost: '38.70' },
  { sku: 'VAL-PRES', name: 'Pressostato Danfoss KP 15 alta/bassa pressione', manufacturer: 'danfoss', partNumber: '060-124366', cost: '64.00' },
  { sku: 'VAL-SPIA', name: 'Indicatore di liquido Castel 3840/3 3/8" SAE', manufacturer: 'castel', partNumber: '3840/3', cost: '19.90' },
  { sku: 'VAL-PARK', name: 'Valvola di espansione elettronica Parker SER-B', manufacturer: 'parker', partNumber: 'SER-B', cost: '148.00' },
].map((v) => ({ ...v, uom: 'pz' as const, tracking: 'none' as const, category: 'valve' as const, weightKg: '0.250' })); // prettier-ignore

const compressors: DemoItem[] = [
  { sku: 'CMP-ZR48', name: 'Compressore scroll Copeland ZR48K3E-TFD', manufacturer: 'copeland', partNumber: 'ZR48K3E-TFD-522', cost: '1120.00', weightKg: '28.000' },
  { sku: 'CMP-ZR61', name: 'Compressore scroll Copeland ZR61KCE-TFD', manufacturer: 'copeland', partNumber: 'ZR61KCE-TFD-522', cost: '1290.00', weightKg: '31.000' },
  { sku: 'CMP-ZB38', name: 'Compressore scroll Copeland ZB38KCE-TFD', manufacturer: 'copeland', partNumber: 'ZB38KCE-TFD-551', cost: '1045.00', weightKg: '27.000' },
  { sku: 'CMP-MTZ40', name: 'Compressore alternativo Danfoss MTZ40-4VI', manufacturer: 'danfoss', partNumber: 'MTZ40JH4AVE', cost: '980.00', weightKg: '25.000' },
  { sku: 'CMP-DK-RXS', name: 'Compressore rotativo Daikin per RXS35 (ricambio)', manufacturer: 'daikin', partNumber: '1953587', cost: '410.00', weightKg: '11.500' },
  { sku: 'CMP-ME-KNB', name: 'Compressore rotativo Mitsubishi Electric KNB092FQDHC', manufacturer: 'mitsubishi', partNumber: 'KNB092FQDHC', cost: '385.00', weightKg: '10.800' },
].map((c) => ({ ...c, uom: 'pz' as const, tracking: 'serial' as const, category: 'compressor' as const })); // prettier-ignore

const pipes: DemoItem[] = [
  ['14', '1/4"', '3.20', '0.120'],
  ['38', '3/8"', '4.90', '0.190'],
  ['12', '1/2"', '6.70', '0.260'],
  ['58', '5/8"', '8.80', '0.330'],
  ['34', '3/4"', '11.40', '0.420'],
  ['78', '7/8"', '14.20', '0.500'],
].map(([code, size, cost, kgPerMetre]) => ({
  sku: `TUB-CU${code}`,
  name: `Tubo rame ricotto ${size} per refrigerazione (al metro)`,
  uom: 'm' as const,
  tracking: 'none' as const,
  cost,
  category: 'pipe' as const,
  weightKg: kgPerMetre,
}));

const refrigerants: DemoItem[] = [
  { sku: 'GAS-R32-9', name: 'Refrigerante R32 bombola 9 kg', gas: 'R32', cylinderKg: '9.000', cost: '16.50' },
  { sku: 'GAS-R410A-11', name: 'Refrigerante R410A bombola 11,3 kg', gas: 'R410A', cylinderKg: '11.300', cost: '24.80' },
  { sku: 'GAS-R134A-12', name: 'Refrigerante R134a bombola 12 kg', gas: 'R134a', cylinderKg: '12.000', cost: '21.40' },
  { sku: 'GAS-R407C-11', name: 'Refrigerante R407C bombola 11,3 kg', gas: 'R407C', cylinderKg: '11.300', cost: '27.90' },
  { sku: 'GAS-R404A-10', name: 'Refrigerante R404A bombola 10,9 kg', gas: 'R404A', cylinderKg: '10.900', cost: '38.60' },
].map((r) => ({ ...r, uom: 'kg' as const, tracking: 'lot' as const, category: 'refrigerant' as const })); // prettier-ignore

const spares: DemoItem[] = [
  { sku: 'RIC-DK-BRC1H', name: 'Comando a filo Daikin Madoka BRC1H519W', manufacturer: 'daikin', partNumber: 'BRC1H519W', cost: '118.00' },
  { sku: 'RIC-DK-PCB', name: 'Scheda elettronica unità esterna Daikin RXM35', manufacturer: 'daikin', partNumber: '5017493', cost: '246.00' },
  { sku: 'RIC-DK-SENS', name: 'Sonda temperatura Daikin (termistore batteria)', manufacturer: 'daikin', partNumber: '1332229', cost: '19.50' },
  { sku: 'RIC-ME-PAR41', name: 'Comando a filo Mitsubishi Electric PAR-41MAA', manufacturer: 'mitsubishi', partNumber: 'PAR-41MAA', cost: '132.00' },
  { sku: 'RIC-ME-FAN', name: 'Motore ventilatore unità interna Mitsubishi Electric', manufacturer: 'mitsubishi', partNumber: 'E12A20300', cost: '94.00' },
  { sku: 'RIC-ME-PCB', name: 'Scheda elettronica Mitsubishi Electric MSZ-LN', manufacturer: 'mitsubishi', partNumber: 'E22H91452', cost: '188.00' },
  { sku: 'RIC-CA-FAN', name: 'Ventilatore condensatore Carrier 38YCA', manufacturer: 'carrier', partNumber: 'HC39GE234', cost: '156.00' },
  { sku: 'RIC-CA-CONT', name: 'Contattore Carrier 2 poli 30 A', manufacturer: 'carrier', partNumber: 'HN52TC024', cost: '28.40' },
  { sku: 'RIC-AE-VAL3', name: 'Valvola a tre vie Aermec per ventilconvettore FCX', manufacturer: 'aermec', partNumber: 'VCF4124', cost: '62.00' },
  { sku: 'RIC-AE-FILT', name: 'Filtro aria Aermec per ventilconvettore FCX 32', manufacturer: 'aermec', partNumber: 'FCX32-F', cost: '11.80' },
  { sku: 'RIC-SA-PCB', name: 'Scheda inverter Samsung AR09 Wind-Free', manufacturer: 'samsung', partNumber: 'DB92-04029A', cost: '174.00' },
  { sku: 'RIC-SA-SENS', name: 'Sonda scarico compressore Samsung', manufacturer: 'samsung', partNumber: 'DB95-05165A', cost: '14.60' },
  { sku: 'RIC-LG-FAN', name: 'Motore ventilatore unità esterna LG', manufacturer: 'lg', partNumber: 'EAU62983003', cost: '112.00' },
  { sku: 'RIC-LG-REM', name: 'Telecomando LG AKB74955603', manufacturer: 'lg', partNumber: 'AKB74955603', cost: '24.00' },
].map((s) => ({ ...s, uom: 'pz' as const, tracking: 'none' as const, category: 'spare' as const, weightKg: '0.600' })); // prettier-ignore

const consumables: DemoItem[] = [
  { sku: 'CON-BRAS15', name: 'Bacchette per brasatura 15% argento (confezione 1 kg)', uom: 'kg', cost: '96.00' },
  { sku: 'CON-OLIO-POE', name: 'Olio POE 32 per compressori', uom: 'l', cost: '18.50' },
  { sku: 'CON-OLIO-PV', name: 'Olio per pompa del vuoto', uom: 'l', cost: '9.80' },
  { sku: 'CON-SPRAY', name: 'Detergente spray per batterie alettate 400 ml', uom: 'pz', cost: '6.20' },
  { sku: 'CON-SANIF', name: 'Sanificante per climatizzatori 400 ml', uom: 'pz', cost: '5.40' },
  { sku: 'CON-NASTRO', name: 'Nastro isolante anticondensa 50 mm x 15 m', uom: 'pz', cost: '3.10' },
  { sku: 'CON-ISOL12', name: 'Guaina isolante per tubo 1/2" (al metro)', uom: 'm', cost: '1.15' },
  { sku: 'CON-FASCE', name: 'Fascette in nylon 300 mm (conf. 100 pz)', uom: 'pz', cost: '4.30' },
  { sku: 'CON-SCARICO', name: 'Tubo scarico condensa 16 mm (al metro)', uom: 'm', cost: '0.85' },
  { sku: 'CON-POMPA', name: 'Pompa scarico condensa Aspen Mini Orange', uom: 'pz', cost: '58.00' },
  { sku: 'CON-STAFFE', name: 'Staffe a muro per unità esterna 450 mm', uom: 'pz', cost: '16.90' },
  { sku: 'CON-ANTIV', name: 'Supporti antivibranti in gomma (kit 4 pz)', uom: 'pz', cost: '7.60' },
  { sku: 'CON-CERCAF', name: 'Liquido cercafughe 400 ml', uom: 'pz', cost: '4.90' },
  { sku: 'CON-CAVO', name: 'Cavo FG16OR16 4G1,5 (al metro)', uom: 'm', cost: '1.35' },
  { sku: 'CON-FLANGE', name: 'Dado flare 3/8" in ottone', uom: 'pz', cost: '0.95' },
].map((c) => ({ ...c, uom: c.uom as DemoItem['uom'], tracking: 'none' as const, category: 'consumable' as const })); // prettier-ignore

/** About 80 items: filters, capacitors, valves, compressors, copper pipe by the metre, refrigerant cylinders, spares, consumables. */
export const ITEMS: readonly DemoItem[] = [
  ...filters,
  ...castelFilters,
  ...capacitors,
  ...valves,
  ...compressors,
  ...pipes,
  ...refrigerants,
  ...spares,
  ...consumables,
];

/** Bins of the main warehouse, under zone locations; the first bin of a category's zone is its home. */
export const ZONES: readonly { code: string; name: string; categories: readonly Category[]; bins: readonly string[] }[] = [
  { code: 'A', name: 'Scaffale A - filtri e valvole', categories: ['filter', 'valve'], bins: ['A-01-01', 'A-01-02', 'A-02-01'] },
  { code: 'B', name: 'Scaffale B - elettrico e ricambi', categories: ['electrical', 'spare'], bins: ['B-01-01', 'B-01-02', 'B-02-01'] },
  { code: 'C', name: 'Zona C - tubo e consumabili', categories: ['pipe', 'consumable'], bins: ['C-01-01', 'C-02-01'] },
  { code: 'D', name: 'Gabbia D - bombole refrigerante', categories: ['refrigerant'], bins: ['D-01-01'] },
  { code: 'E', name: 'Zona E - compressori', categories: ['compressor'], bins: ['E-01-01'] },
]; // prettier-ignore

/** Vans of the technicians; wfm's seed (or linkWarehouseDemo) gives each its technician. */
export const VANS: readonly { code: string; name: string }[] = [
  { code: 'FURG-01', name: 'Furgone Fiat Ducato GA 123 BC' },
  { code: 'FURG-02', name: 'Furgone Renault Master GB 456 DE' },
  { code: 'FURG-03', name: 'Furgone Ford Transit GC 789 FG' },
  { code: 'FURG-04', name: 'Furgone Iveco Daily GD 012 HL' },
];

/** EAN-13 with its check digit (mod 10, weights 1 and 3 from the left): `80` is Italy's GS1 prefix. */
export function ean13(body12: string): string {
  let total = 0;
  for (let i = 0; i < 12; i++) total += (body12.charCodeAt(i) - 48) * (i % 2 === 0 ? 1 : 3);
  return `${body12}${(10 - (total % 10)) % 10}`;
}

/** A Partita IVA from its first ten digits and the check digit docs/domain.md#italian-identifiers describes. */
export function vatNumber(ten: string): string {
  let total = 0;
  for (let i = 0; i < 10; i++) {
    const d = ten.charCodeAt(i) - 48;
    total += i % 2 === 0 ? d : d * 2 > 9 ? d * 2 - 9 : d * 2;
  }
  return `${ten}${(10 - (total % 10)) % 10}`;
}

export const CARRIERS: readonly { name: string; vat: string }[] = [
  { name: 'Trasporti Padani S.r.l.', vat: vatNumber('0381245015') },
  { name: 'Autotrasporti Rinaldi S.n.c.', vat: vatNumber('0274419037') },
];
