/**
 * Sigle of the Italian provinces and metropolitan cities (the 107 in force since the 2016 Sardinian
 * reorganisation), by region. Used by the address kind when the country is IT.
 */
export const PROVINCES = [
  // Piemonte
  'AL', 'AT', 'BI', 'CN', 'NO', 'TO', 'VB', 'VC',
  // Valle d'Aosta
  'AO',
  // Lombardia
  'BG', 'BS', 'CO', 'CR', 'LC', 'LO', 'MB', 'MI', 'MN', 'PV', 'SO', 'VA',
  // Trentino-Alto Adige
  'BZ', 'TN',
  // Veneto
  'BL', 'PD', 'RO', 'TV', 'VE', 'VI', 'VR',
  // Friuli-Venezia Giulia
  'GO', 'PN', 'TS', 'UD',
  // Liguria
  'GE', 'IM', 'SP', 'SV',
  // Emilia-Romagna
  'BO', 'FC', 'FE', 'MO', 'PC', 'PR', 'RA', 'RE', 'RN',
  // Toscana
  'AR', 'FI', 'GR', 'LI', 'LU', 'MS', 'PI', 'PO', 'PT', 'SI',
  // Umbria
  'PG', 'TR',
  // Marche
  'AN', 'AP', 'FM', 'MC', 'PU',
  // Lazio
  'FR', 'LT', 'RI', 'RM', 'VT',
  // Abruzzo
  'AQ', 'CH', 'PE', 'TE',
  // Molise
  'CB', 'IS',
  // Campania
  'AV', 'BN', 'CE', 'NA', 'SA',
  // Puglia
  'BA', 'BR', 'BT', 'FG', 'LE', 'TA',
  // Basilicata
  'MT', 'PZ',
  // Calabria
  'CS', 'CZ', 'KR', 'RC', 'VV',
  // Sicilia
  'AG', 'CL', 'CT', 'EN', 'ME', 'PA', 'RG', 'SR', 'TP',
  // Sardegna
  'CA', 'NU', 'OR', 'SS', 'SU',
] as const; // prettier-ignore

/**
 * Sardinian provinces abolished in 2016 whose sigle are still found in registries, documents and old
 * addresses (Carbonia-Iglesias, Medio Campidano, Ogliastra, Olbia-Tempio): accepted, not offered.
 */
export const HISTORICAL_PROVINCES = ['CI', 'OG', 'OT', 'VS'] as const;

const KNOWN = new Set<string>([...PROVINCES, ...HISTORICAL_PROVINCES]);

export function isItalianProvince(code: string): boolean {
  return KNOWN.has(code);
}
