/** Raw material for realistic Italian demo contacts: real cities with their CAP, province and area code. */

export interface City {
  name: string;
  zip: string;
  province: string;
  /** Landline prefix, with the leading 0. */
  areaCode: string;
}

export const CITIES: readonly City[] = [
  { name: 'Milano', zip: '20121', province: 'MI', areaCode: '02' },
  { name: 'Roma', zip: '00184', province: 'RM', areaCode: '06' },
  { name: 'Torino', zip: '10121', province: 'TO', areaCode: '011' },
  { name: 'Napoli', zip: '80133', province: 'NA', areaCode: '081' },
  { name: 'Bologna', zip: '40121', province: 'BO', areaCode: '051' },
  { name: 'Firenze', zip: '50123', province: 'FI', areaCode: '055' },
  { name: 'Genova', zip: '16121', province: 'GE', areaCode: '010' },
  { name: 'Venezia', zip: '30121', province: 'VE', areaCode: '041' },
  { name: 'Verona', zip: '37121', province: 'VR', areaCode: '045' },
  { name: 'Padova', zip: '35122', province: 'PD', areaCode: '049' },
  { name: 'Brescia', zip: '25121', province: 'BS', areaCode: '030' },
  { name: 'Bergamo', zip: '24121', province: 'BG', areaCode: '035' },
  { name: 'Monza', zip: '20900', province: 'MB', areaCode: '039' },
  { name: 'Parma', zip: '43121', province: 'PR', areaCode: '0521' },
  { name: 'Modena', zip: '41121', province: 'MO', areaCode: '059' },
  { name: 'Trieste', zip: '34121', province: 'TS', areaCode: '040' },
  { name: 'Bari', zip: '70121', province: 'BA', areaCode: '080' },
  { name: 'Palermo', zip: '90133', province: 'PA', areaCode: '091' },
  { name: 'Catania', zip: '95124', province: 'CT', areaCode: '095' },
  { name: 'Cagliari', zip: '09124', province: 'CA', areaCode: '070' },
  { name: 'Perugia', zip: '06121', province: 'PG', areaCode: '075' },
  { name: 'Ancona', zip: '60121', province: 'AN', areaCode: '071' },
  { name: 'Trento', zip: '38122', province: 'TN', areaCode: '0461' },
  { name: 'Bolzano', zip: '39100', province: 'BZ', areaCode: '0471' },
];

export const FIRST_NAMES = [
  'Marco',
  'Giulia',
  'Alessandro',
  'Francesca',
  'Luca',
  'Chiara',
  'Matteo',
  'Sara',
  'Lorenzo',
  'Valentina',
  'Andrea',
  'Elena',
  'Davide',
  'Martina',
  'Simone',
  'Federica',
  'Giorgio',
  'Paola',
  'Stefano',
  'Silvia',
  'Riccardo',
  'Alessia',
  'Niccolò',
  'Ilaria',
  'Fabio',
  'Roberta',
  'Emanuele',
  'Laura',
  'Giuseppe',
  'Anna',
] as const;

export const LAST_NAMES = [
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
  'Barbieri',
  'Fontana',
  'Santoro',
  'Mariani',
  'Rinaldi',
  'Caruso',
  'Ferrara',
  'Galli',
  'Martini',
  "D'Angelo",
] as const;

/** Company names without the legal form; the form is added by the generator. */
export const COMPANY_NAMES = [
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
  'Istituto Scolastico Manzoni',
  'Macelleria Fratelli Conti',
  'Centro Commerciale Le Vele',
  'Tipografia Moderna',
] as const;

export const LEGAL_FORMS = ['S.r.l.', 'S.p.A.', 'S.n.c.', 'S.a.s.', 'S.r.l.s.'] as const;

export const STREETS = [
  'Via Roma',
  'Corso Italia',
  'Via Giuseppe Garibaldi',
  'Via Giuseppe Mazzini',
  'Via Camillo Cavour',
  'Via XX Settembre',
  'Via Dante Alighieri',
  'Piazza della Repubblica',
  'Viale Europa',
  'Via Giuseppe Verdi',
  'Via Alessandro Manzoni',
  'Corso Vittorio Emanuele II',
  'Via della Libertà',
  'Via Nazionale',
  'Viale dei Mille',
  'Via San Francesco',
] as const;

export const JOB_TITLES = [
  'Titolare',
  'Amministrazione',
  'Referente tecnico',
  'Responsabile acquisti',
  'Facility manager',
  'Amministratore di condominio',
  'Ufficio tecnico',
  'Responsabile manutenzione',
] as const;

export const NOTES = [
  '<p>Preferisce essere contattato <strong>al mattino</strong>.</p>',
  '<p>Accesso al locale tecnico dal cortile interno; chiedere le chiavi in portineria.</p>',
  '<p>Contratto di manutenzione annuale, rinnovo a <em>gennaio</em>.</p>',
  '<p>Impianto con due split e una pompa di calore; ultimo controllo fughe eseguito in primavera.</p>',
  '<ul><li>Fatture via PEC</li><li>Pagamento RIBA 60 gg</li></ul>',
] as const;
