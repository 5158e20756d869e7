/** Raw material of the sales demo: customers, suppliers, products and what the documents say. */

/** Companies that keep air conditioning and refrigeration plants (without the legal form). */
export const CUSTOMER_COMPANIES = [
  'Condominio Parco dei Tigli',
  'Hotel Bellavista',
  'Supermercati Alfa',
  'Ristorante Da Gino',
  'Farmacia San Marco',
  'Officine Meccaniche Lombarde',
  'Panificio Il Forno Antico',
  'Residenza Le Magnolie',
  'Studio Dentistico Sorriso',
  'Caseificio Val Padana',
  'Gelateria Polare',
  'Logistica Adriatica',
  'Cantina Colli Euganei',
  'Palestra Energia',
  'Macelleria Fratelli Conti',
  'Centro Commerciale Le Vele',
  'Tipografia Moderna',
  'Albergo Miramonti',
  'Pasticceria Dolce Vita',
  'Clinica Veterinaria Santa Chiara',
  'Data Center Padano',
  'Mobilificio Brianza Design',
  'Pescheria Il Gabbiano',
  'Enoteca Bacco',
  'Laboratorio Analisi Delta',
  'Autosalone Europa',
  'Cinema Teatro Ariston',
  'Residenza Sanitaria Villa Serena',
  'Uffici Torre Garibaldi',
  'Frutta e Verdura Ortofresco',
  'Bar Pasticceria Centrale',
  'Hotel Lungomare',
] as const;

export const LEGAL_FORMS = ['S.r.l.', 'S.p.A.', 'S.n.c.', 'S.a.s.', 'S.r.l.s.'] as const;

/** Public administrations with their IPA office code (codice univoco ufficio, 6 characters). */
export const PUBLIC_ADMINISTRATIONS = [
  { name: 'Comune di Sesto San Giovanni', sdiCode: 'UF7QKZ', cityIndex: 0 },
  { name: 'Istituto Comprensivo Statale "A. Manzoni"', sdiCode: 'UFB2LC', cityIndex: 4 },
] as const;

/** A foreign customer: an Austrian hotel group invoiced with XXXXXXX. */
export const FOREIGN_CUSTOMER = {
  legalName: 'Alpenhotel Tirol GmbH',
  vatCountry: 'AT',
  vatNumber: 'U73524829',
  address: { street: 'Maria-Theresien-Straße', streetNumber: '18', zip: '6020', city: 'Innsbruck', country: 'AT' },
  email: 'office@alpenhotel-tirol.at',
};

/** Belfiore codes of the demo cities (italian-data.ts CITIES, same order), for codici fiscali. */
export const BELFIORE: Readonly<Record<string, string>> = {
  Milano: 'F205',
  Roma: 'H501',
  Torino: 'L219',
  Napoli: 'F839',
  Bologna: 'A944',
  Firenze: 'D612',
  Genova: 'D969',
  Venezia: 'L736',
  Verona: 'L781',
  Padova: 'G224',
  Brescia: 'B157',
  Bergamo: 'A794',
  Monza: 'F704',
  Parma: 'G337',
  Modena: 'F257',
  Trieste: 'L424',
  Bari: 'A662',
  Palermo: 'G273',
  Catania: 'C351',
  Cagliari: 'B354',
  Perugia: 'G478',
  Ancona: 'A271',
  Trento: 'L378',
  Bolzano: 'A952',
};

export const FEMALE_NAMES = new Set([
  'Giulia',
  'Francesca',
  'Chiara',
  'Sara',
  'Valentina',
  'Elena',
  'Martina',
  'Federica',
  'Paola',
  'Silvia',
  'Alessia',
  'Ilaria',
  'Roberta',
  'Laura',
  'Anna',
]);

/** Italian banks (ABI) for RiBa and SEPA customers. */
export const BANKS = ['03069', '02008', '05034', '01030', '05387', '03111', '08327'] as const;

/** Zones the planner groups sites by, per province. */
export const ZONES: Readonly<Record<string, string>> = {
  MI: 'Milano e hinterland',
  MB: 'Milano e hinterland',
  BG: 'Lombardia est',
  BS: 'Lombardia est',
  TO: 'Piemonte',
  GE: 'Liguria',
  VE: 'Triveneto',
  VR: 'Triveneto',
  PD: 'Triveneto',
  TS: 'Triveneto',
  TN: 'Trentino-Alto Adige',
  BZ: 'Trentino-Alto Adige',
  BO: 'Emilia',
  MO: 'Emilia',
  PR: 'Emilia',
  FI: 'Centro',
  PG: 'Centro',
  AN: 'Centro',
  RM: 'Lazio',
  NA: 'Sud',
  BA: 'Sud',
  PA: 'Isole',
  CT: 'Isole',
  CA: 'Isole',
};

export const SITE_NAMES = [
  'Sede principale',
  'Magazzino',
  'Punto vendita',
  'Uffici amministrativi',
  'Laboratorio',
  'Deposito frigorifero',
] as const;

export const ACCESS_NOTES = [
  'Accesso carraio dal retro; citofonare alla reception.',
  'Unità esterne sul tetto: accesso dalla botola del terzo piano, chiavi in portineria.',
  'Locale tecnico al piano interrato, chiedere del responsabile di manutenzione.',
  'Parcheggio furgoni nel cortile interno fino alle 9:00.',
  'Celle frigorifere sul lato carico merci; indossare i dispositivi di protezione.',
] as const;

export const OPENING_HOURS = [
  'Lun-Ven 8:00-18:00',
  'Lun-Sab 7:30-20:00',
  'Tutti i giorni 7:00-23:00',
  'Lun-Ven 9:00-13:00, 14:30-18:30',
] as const;

/** Suppliers: distributors first (the warehouse seed links its retailers to the first six). */
export const SUPPLIERS = [
  { name: 'Frigoveneta Distribuzione S.r.l.', city: 'Padova', retailer: true, leadTimeDays: 1 },
  { name: 'Termoidraulica Lombarda S.p.A.', city: 'Milano', retailer: true, leadTimeDays: 2 },
  { name: 'Clima Market Italia S.r.l.', city: 'Bologna', retailer: true, leadTimeDays: 3 },
  { name: 'RefriCenter Sud S.r.l.', city: 'Napoli', retailer: true, leadTimeDays: 4 },
  { name: 'Idrotermica Emiliana S.n.c.', city: 'Modena', retailer: true, leadTimeDays: 2 },
  { name: 'Gas Refrigeranti Nord S.r.l.', city: 'Bergamo', retailer: true, leadTimeDays: 2 },
  { name: 'Elettroforniture Adriatiche S.r.l.', city: 'Ancona', retailer: false, leadTimeDays: 3 },
  { name: 'Ferramenta Tecnica Milanese S.n.c.', city: 'Milano', retailer: false, leadTimeDays: 1 },
  { name: 'Noleggi Piattaforme Aeree S.p.A.', city: 'Brescia', retailer: false, leadTimeDays: 5 },
  { name: 'Ecoservizi Smaltimento Gas S.r.l.', city: 'Verona', retailer: false, leadTimeDays: 7 },
  { name: 'Officina Furgoni Service S.r.l.', city: 'Monza', retailer: false, leadTimeDays: 2 },
  { name: 'Strumenti di Misura Tecnotest S.r.l.', city: 'Torino', retailer: false, leadTimeDays: 6 },
  { name: 'Isolanti e Coibentazioni Nord S.r.l.', city: 'Verona', retailer: false, leadTimeDays: 4 },
  { name: 'Antinfortunistica Sicura S.a.s.', city: 'Firenze', retailer: false, leadTimeDays: 3 },
  { name: 'Studio Tecnico Ing. Ferraris', city: 'Torino', retailer: false, leadTimeDays: 10 },
] as const;

type ProductType = 'goods' | 'service' | 'labour' | 'travel' | 'callOutFee';

export interface DemoProduct {
  code: string;
  name: string;
  type: ProductType;
  uom: string;
  price: string;
  cost?: string;
  /** Price for installers (a second price list), when there is one. */
  trade?: string;
  /** A quantity break on the base list: [minimum quantity, unit price]. */
  bulk?: [string, string];
}

/**
 * What the company sells. Goods codes are the warehouse demo's SKUs, so the link step can tie a
 * product to its stock item; refrigerants by the kilogram are added once wfm's gases exist.
 */
export const PRODUCTS: readonly DemoProduct[] = [
  { code: 'MAN-ORD', name: 'Manodopera tecnico frigorista (ora)', type: 'labour', uom: 'h', price: '45.00', cost: '28.00' },
  { code: 'MAN-SPEC', name: 'Manodopera tecnico specializzato F-gas (ora)', type: 'labour', uom: 'h', price: '52.00', cost: '32.00' },
  { code: 'MAN-STR', name: 'Manodopera straordinaria e festiva (ora)', type: 'labour', uom: 'h', price: '63.00', cost: '38.00' },
  { code: 'MAN-AIU', name: 'Manodopera aiutante (ora)', type: 'labour', uom: 'h', price: '34.00', cost: '22.00' },
  { code: 'DIR-CHI', name: 'Diritto di chiamata', type: 'callOutFee', uom: 'forfait', price: '45.00' },
  { code: 'DIR-URG', name: 'Diritto di chiamata urgente (entro 4 ore)', type: 'callOutFee', uom: 'forfait', price: '90.00' },
  { code: 'TRA-KM', name: 'Trasferta (al km)', type: 'travel', uom: 'km', price: '0.65' },
  { code: 'TRA-URB', name: 'Trasferta forfettaria zona urbana', type: 'travel', uom: 'forfait', price: '25.00' },
  { code: 'TRA-EXT', name: 'Trasferta forfettaria fuori provincia', type: 'travel', uom: 'forfait', price: '60.00' },
  { code: 'SRV-MAN-SPLIT', name: 'Manutenzione ordinaria climatizzatore split', type: 'service', uom: 'pz', price: '75.00', trade: '60.00', bulk: ['10', '65.00'] },
  { code: 'SRV-SAN-SPLIT', name: 'Sanificazione unità interna con igienizzante', type: 'service', uom: 'pz', price: '55.00', bulk: ['10', '48.00'] },
  { code: 'SRV-FUGHE', name: 'Controllo perdite F-gas (Reg. UE 2024/573)', type: 'service', uom: 'pz', price: '85.00', trade: '70.00' },
  { code: 'SRV-MAN-CHILL', name: 'Manutenzione programmata gruppo frigo / chiller', type: 'service', uom: 'forfait', price: '320.00' },
  { code: 'SRV-CELLA', name: 'Manutenzione cella frigorifera', type: 'service', uom: 'forfait', price: '180.00' },
  { code: 'SRV-RECUP', name: 'Recupero refrigerante con stazione di recupero', type: 'service', uom: 'forfait', price: '95.00' },
  { code: 'SRV-VUOTO', name: 'Prova di tenuta con azoto e vuoto impianto', type: 'service', uom: 'forfait', price: '120.00' },
  { code: 'SRV-INST-SPLIT', name: 'Installazione climatizzatore monosplit fino a 3 m di linea', type: 'service', uom: 'forfait', price: '390.00', trade: '330.00' },
  { code: 'SRV-BANCA-DATI', name: 'Comunicazione Banca Dati F-gas', type: 'service', uom: 'pz', price: '15.00' },
  { code: 'SRV-SMALT', name: 'Smaltimento refrigerante recuperato (EER 14 06 01*)', type: 'service', uom: 'kg', price: '8.50' },
  { code: 'FIL-DML083', name: 'Filtro deidratatore Danfoss DML 083 3/8" SAE', type: 'goods', uom: 'pz', price: '38.00', cost: '22.50' },
  { code: 'FIL-DML164', name: 'Filtro deidratatore Danfoss DML 164 1/2" ODF', type: 'goods', uom: 'pz', price: '54.00', cost: '33.70' },
  { code: 'FIL-CA43164', name: 'Filtro disidratatore Castel 4316/4 1/2" SAE', type: 'goods', uom: 'pz', price: '29.50', cost: '17.40' },
  { code: 'VAL-TEX2', name: 'Valvola termostatica Danfoss TEX 2 R410A', type: 'goods', uom: 'pz', price: '128.00', cost: '78.00' },
  { code: 'VAL-SOL1020', name: 'Valvola solenoide Castel 1020/3 3/8" SAE', type: 'goods', uom: 'pz', price: '59.00', cost: '34.90' },
  { code: 'VAL-PRES', name: 'Pressostato Danfoss KP 15 alta/bassa pressione', type: 'goods', uom: 'pz', price: '105.00', cost: '64.00' },
  { code: 'VAL-SCH14', name: 'Valvola Schrader 1/4" SAE con cappuccio', type: 'goods', uom: 'pz', price: '4.50', cost: '2.10', bulk: ['20', '3.60'] },
  { code: 'CAP-5UF', name: 'Condensatore di marcia 5 µF 450 V', type: 'goods', uom: 'pz', price: '12.00', cost: '4.90' },
  { code: 'CAP-35UF', name: 'Condensatore di marcia 35 µF 450 V', type: 'goods', uom: 'pz', price: '22.00', cost: '10.60' },
  { code: 'CAP-45P5UF', name: 'Condensatore doppio 45+5 µF 450 V', type: 'goods', uom: 'pz', price: '29.00', cost: '14.50' },
  { code: 'CMP-ZR48', name: 'Compressore scroll Copeland ZR48K3E-TFD', type: 'goods', uom: 'pz', price: '1690.00', cost: '1120.00' },
  { code: 'CMP-ZB38', name: 'Compressore scroll Copeland ZB38KCE-TFD', type: 'goods', uom: 'pz', price: '1590.00', cost: '1045.00' },
  { code: 'CMP-DK-RXS', name: 'Compressore rotativo Daikin per RXS35 (ricambio)', type: 'goods', uom: 'pz', price: '640.00', cost: '410.00' },
  { code: 'TUB-CU14', name: 'Tubo rame ricotto 1/4" per refrigerazione (al metro)', type: 'goods', uom: 'm', price: '6.80', cost: '3.20' },
  { code: 'TUB-CU38', name: 'Tubo rame ricotto 3/8" per refrigerazione (al metro)', type: 'goods', uom: 'm', price: '9.40', cost: '4.90' },
  { code: 'TUB-CU12', name: 'Tubo rame ricotto 1/2" per refrigerazione (al metro)', type: 'goods', uom: 'm', price: '12.60', cost: '6.70' },
  { code: 'RIC-DK-BRC1H', name: 'Comando a filo Daikin Madoka BRC1H519W', type: 'goods', uom: 'pz', price: '189.00', cost: '118.00' },
  { code: 'RIC-ME-PCB', name: 'Scheda elettronica Mitsubishi Electric MSZ-LN', type: 'goods', uom: 'pz', price: '295.00', cost: '188.00' },
  { code: 'CLI-DK-PERFERA35', name: 'Climatizzatore Daikin Perfera 3,5 kW (FTXM35R + RXM35R)', type: 'goods', uom: 'pz', price: '1390.00', cost: '980.00' },
  { code: 'CLI-ME-LN25', name: 'Climatizzatore Mitsubishi Electric MSZ-LN25VG2 2,5 kW', type: 'goods', uom: 'pz', price: '1250.00', cost: '860.00' },
  { code: 'ACC-STAFFE', name: 'Coppia staffe per unità esterna con antivibranti', type: 'goods', uom: 'pz', price: '34.00', cost: '14.00' },
  { code: 'ACC-CANALINA', name: 'Canalina per linee frigorifere 60x45 (al metro)', type: 'goods', uom: 'm', price: '7.50', cost: '2.90' },
]; // prettier-ignore

/** Refrigerants sold by the kilogram, added when wfm's gas table has them. */
export const REFRIGERANT_PRODUCTS = [
  { gas: 'R32', price: '48.00', cost: '16.50' },
  { gas: 'R410A', price: '62.00', cost: '24.80' },
  { gas: 'R134a', price: '55.00', cost: '21.40' },
  { gas: 'R407C', price: '68.00', cost: '27.90' },
  { gas: 'R404A', price: '95.00', cost: '38.60' },
] as const;

export const QUOTE_SUBJECTS = [
  'Sostituzione climatizzatore sala riunioni',
  'Contratto di manutenzione annuale impianti di condizionamento',
  'Riparazione perdita su circuito frigorifero',
  'Installazione nuovo monosplit uffici',
  'Sostituzione compressore gruppo frigo',
  'Sanificazione impianti prima della stagione estiva',
  'Revisione celle frigorifere',
  'Adeguamento impianto e controllo perdite F-gas',
] as const;
