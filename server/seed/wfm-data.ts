import { fiscalCodeCheckLetter } from '../../resources/schema';

/** Demo data of the workforce module: the GWP table, skills, technicians, machine and activity templates. */

/** docs/domain.md#refrigerants-and-gwp: GWP100 as Reg. 2024/573 prints it (blends by the Annex VI weighted average). */
export const REFRIGERANTS = [
  { code: 'R32', name: 'Difluorometano (HFC-32)', gwp: 675, safetyClass: 'A2L' },
  { code: 'R134a', name: 'Tetrafluoroetano (HFC-134a)', gwp: 1430, safetyClass: 'A1' },
  { code: 'R410A', name: 'Miscela R32/R125 (50/50)', gwp: 2088, safetyClass: 'A1' },
  { code: 'R407C', name: 'Miscela R32/R125/R134a (23/25/52)', gwp: 1774, safetyClass: 'A1' },
  { code: 'R404A', name: 'Miscela R125/R143a/R134a (44/52/4)', gwp: 3922, safetyClass: 'A1' },
  { code: 'R448A', name: 'Miscela HFC/HFO (Solstice N40)', gwp: 1387, safetyClass: 'A1' },
  { code: 'R449A', name: 'Miscela HFC/HFO (Opteon XP40)', gwp: 1397, safetyClass: 'A1' },
  { code: 'R452A', name: 'Miscela HFC/HFO per trasporto refrigerato', gwp: 2140, safetyClass: 'A1' },
  { code: 'R454B', name: 'Miscela R32/R1234yf (68,9/31,1)', gwp: 466, safetyClass: 'A2L' },
  { code: 'R1234yf', name: 'Tetrafluoropropene (HFO-1234yf)', gwp: 4, safetyClass: 'A2L', isHfo: true },
  { code: 'R1234ze(E)', name: 'Tetrafluoropropene (HFO-1234ze)', gwp: 7, safetyClass: 'A2L', isHfo: true },
  { code: 'R290', name: 'Propano', gwp: 3, safetyClass: 'A3', isFgas: false },
  { code: 'R744', name: 'Anidride carbonica (CO2)', gwp: 1, safetyClass: 'A1', isFgas: false },
  { code: 'R22', name: 'Clorodifluorometano (HCFC-22), lesivo dell’ozono', gwp: 1810, safetyClass: 'A1', isFgas: false, isOds: true },
] as const; // prettier-ignore

/** Skills (matched against technicians) and tags; `parent` names another entry. */
export const SKILLS: readonly { name: string; kind: 'skill' | 'tag'; color: string; certificate?: boolean; parent?: string; description: string }[] = [
  { name: 'Refrigerazione', kind: 'skill', color: '#1565C0', description: 'Impianti frigoriferi commerciali e industriali.' },
  { name: 'Celle frigorifere', kind: 'skill', color: '#1E88E5', parent: 'Refrigerazione', description: 'Celle TN e BT, porte e pannelli.' },
  { name: 'Banchi frigo', kind: 'skill', color: '#42A5F5', parent: 'Refrigerazione', description: 'Banchi e armadi della GDO.' },
  { name: 'Climatizzazione', kind: 'skill', color: '#00897B', description: 'Split, multisplit, rooftop.' },
  { name: 'VRF/VRV', kind: 'skill', color: '#26A69A', parent: 'Climatizzazione', description: 'Sistemi a portata variabile di refrigerante.' },
  { name: 'Pompe di calore', kind: 'skill', color: '#43A047', description: 'Aria-acqua e geotermiche.' },
  { name: 'Chiller', kind: 'skill', color: '#7CB342', description: 'Refrigeratori d’acqua e torri evaporative.' },
  { name: 'Caldaie', kind: 'skill', color: '#F4511E', description: 'Caldaie a condensazione, analisi fumi.' },
  { name: 'F-gas cat. I', kind: 'skill', color: '#8E24AA', certificate: true, description: 'Patentino F-gas categoria I (DPR 146/2018).' },
  { name: 'PES/PAV', kind: 'skill', color: '#FDD835', certificate: true, description: 'Lavori elettrici (CEI 11-27).' },
  { name: 'Lavori in quota', kind: 'skill', color: '#FB8C00', certificate: true, description: 'Uso di DPI di III categoria e PLE.' },
  { name: 'Brasatura', kind: 'skill', color: '#6D4C41', description: 'Brasatura forte su rame.' },
  { name: 'Cliente prioritario', kind: 'tag', color: '#D81B60', description: 'Contratto con SLA ridotto.' },
  { name: 'Accesso con badge', kind: 'tag', color: '#546E7A', description: 'Serve il badge del cliente o un accompagnatore.' },
  { name: 'Fuori orario', kind: 'tag', color: '#3949AB', description: 'Intervento a negozio chiuso.' },
  { name: 'Garanzia', kind: 'tag', color: '#00ACC1', description: 'Apparecchiatura ancora in garanzia.' },
]; // prettier-ignore

/**
 * The demo crew: two teams by area (sites' `zone` values, sales-data.ts ZONES). `fgas` is their F-gas
 * certificate: most hold a valid one, Andrea (boilers and heat pumps) none, Francesca's has lapsed (her
 * renewal course is her training day): the planner has to pair them with a certified colleague for F-gas work.
 */
export const TECHNICIANS = [
  { firstName: 'Luca', lastName: 'Ferraris', born: '850314', female: false, color: '#1E88E5', team: 'Squadra Nord', zone: 'Milano e hinterland', fgas: 'valid', skills: ['F-gas cat. I', 'Climatizzazione', 'VRF/VRV', 'PES/PAV'] },
  { firstName: 'Marco', lastName: 'Bassi', born: '790622', female: false, color: '#43A047', team: 'Squadra Nord', zone: 'Milano e hinterland', fgas: 'valid', skills: ['F-gas cat. I', 'Celle frigorifere', 'Banchi frigo', 'Brasatura'] },
  { firstName: 'Giulia', lastName: 'Conti', born: '910905', female: true, color: '#8E24AA', team: 'Squadra Nord', zone: 'Lombardia est', fgas: 'valid', skills: ['F-gas cat. I', 'Pompe di calore', 'Chiller'] },
  { firstName: 'Andrea', lastName: 'Galli', born: '880127', female: false, color: '#F4511E', team: 'Squadra Nord', zone: 'Piemonte', fgas: 'none', skills: ['Caldaie', 'Pompe di calore'] },
  { firstName: 'Stefano', lastName: 'Moretti', born: '830411', female: false, color: '#00897B', team: 'Squadra Sud', zone: 'Emilia', fgas: 'valid', skills: ['F-gas cat. I', 'Refrigerazione', 'Lavori in quota'] },
  { firstName: 'Francesca', lastName: 'Rinaldi', born: '940718', female: true, color: '#FB8C00', team: 'Squadra Nord', zone: 'Triveneto', fgas: 'expired', skills: ['F-gas cat. I', 'Climatizzazione', 'PES/PAV'] },
  { firstName: 'Davide', lastName: 'Lombardi', born: '870203', female: false, color: '#3949AB', team: 'Squadra Sud', zone: 'Centro', fgas: 'valid', skills: ['F-gas cat. I', 'Chiller', 'Lavori in quota', 'Brasatura'] },
  { firstName: 'Simone', lastName: 'Testa', born: '960930', female: false, color: '#6D4C41', team: 'Squadra Sud', zone: 'Lazio', fgas: 'valid', skills: ['F-gas cat. I', 'Celle frigorifere', 'VRF/VRV'] },
] as const; // prettier-ignore

/** The skill a repair or installation on a machine of a category needs, besides the F-gas certificate. */
export const CATEGORY_SKILLS: Readonly<Partial<Record<Category, string>>> = {
  chiller: 'Chiller',
  vrf: 'VRF/VRV',
  heatPump: 'Pompe di calore',
  coldRoom: 'Celle frigorifere',
  refrigeratedCabinet: 'Banchi frigo',
};

/** How long a job of each type takes, in minutes (the planner's estimated duration). */
export const DURATIONS: Readonly<Record<ActivityType, readonly number[]>> = {
  maintenance: [60, 90, 120],
  repair: [60, 90, 120, 180],
  leakCheck: [60, 90],
  installation: [180, 240],
  inspection: [60, 90],
  survey: [60],
};

const MONTHS = 'ABCDEHLMPRST';
const VOWELS = /[AEIOU]/g;

function letters(name: string, isFirstName: boolean): string {
  const up = name.toUpperCase().replace(/[^A-Z]/g, '');
  const consonants = up.replace(VOWELS, '');
  const vowels = (up.match(VOWELS) ?? []).join('');
  // A first name with four or more consonants takes the first, third and fourth.
  const picked = isFirstName && consonants.length >= 4 ? consonants[0] + consonants[2] + consonants[3] : consonants;
  return `${picked}${vowels}XXX`.slice(0, 3);
}

/** A valid codice fiscale (born in Milano, F205) for a demo person; `born` is YYMMDD. */
export function demoFiscalCode(first: string, last: string, born: string, female: boolean): string {
  const day = Number(born.slice(4, 6)) + (female ? 40 : 0);
  const body = `${letters(last, false)}${letters(first, true)}${born.slice(0, 2)}${MONTHS[Number(born.slice(2, 4)) - 1]}${String(day).padStart(2, '0')}F205`;
  return `${body}${fiscalCodeCheckLetter(body)}`;
}

export type Category =
  | 'splitAc'
  | 'multiSplit'
  | 'vrf'
  | 'chiller'
  | 'heatPump'
  | 'rooftop'
  | 'coldRoom'
  | 'refrigeratedCabinet'
  | 'condensingUnit'
  | 'iceMachine';

/** A kind of machine the demo installs: its gas, charge range (kg), makers and how it is named. */
export const MACHINE_KINDS: readonly {
  category: Category;
  names: readonly string[];
  gases: readonly string[];
  kg: [number, number];
  makers: readonly string[];
  fgasType: string;
  kw: [number, number];
}[] = [
  { category: 'splitAc', names: ['Climatizzatore ufficio', 'Split sala riunioni', 'Climatizzatore reception'], gases: ['R32', 'R410A'], kg: [0.7, 1.6], makers: ['Daikin', 'Mitsubishi Electric', 'Samsung', 'LG'], fgasType: 'stationaryAirConditioning', kw: [2.5, 7] },
  { category: 'multiSplit', names: ['Multisplit uffici piano terra', 'Multisplit appartamento'], gases: ['R32', 'R410A'], kg: [1.8, 4.2], makers: ['Daikin', 'Mitsubishi Electric', 'LG'], fgasType: 'stationaryAirConditioning', kw: [7, 14] },
  { category: 'vrf', names: ['Sistema VRF palazzina uffici', 'VRV area vendita'], gases: ['R410A', 'R32'], kg: [9, 32], makers: ['Daikin', 'Mitsubishi Electric', 'Samsung'], fgasType: 'stationaryAirConditioning', kw: [22, 90] },
  { category: 'chiller', names: ['Refrigeratore d’acqua centrale termica', 'Chiller di processo'], gases: ['R134a', 'R410A', 'R454B'], kg: [18, 85], makers: ['Aermec', 'Carrier'], fgasType: 'stationaryAirConditioning', kw: [60, 400] },
  { category: 'heatPump', names: ['Pompa di calore aria-acqua', 'Pompa di calore ACS'], gases: ['R32', 'R454B', 'R290'], kg: [1.5, 6], makers: ['Daikin', 'Aermec', 'Mitsubishi Electric'], fgasType: 'stationaryHeatPump', kw: [6, 20] },
  { category: 'rooftop', names: ['Rooftop area vendita', 'Rooftop magazzino'], gases: ['R410A'], kg: [12, 28], makers: ['Carrier', 'Aermec'], fgasType: 'stationaryAirConditioning', kw: [40, 120] },
  { category: 'coldRoom', names: ['Cella frigo TN latticini', 'Cella BT surgelati', 'Cella frigo carni'], gases: ['R404A', 'R448A', 'R449A'], kg: [4, 22], makers: ['Carrier', 'Danfoss', 'Emerson / Copeland'], fgasType: 'stationaryRefrigeration', kw: [3, 25] },
  { category: 'refrigeratedCabinet', names: ['Banco frigo murale', 'Armadio frigo bevande', 'Vetrina pasticceria'], gases: ['R290', 'R404A', 'R134a'], kg: [0.15, 2.5], makers: ['Carrier', 'Danfoss'], fgasType: 'stationaryRefrigeration', kw: [0.5, 3] },
  { category: 'condensingUnit', names: ['Unità condensante celle', 'Centrale frigo canalizzata'], gases: ['R449A', 'R448A', 'R404A'], kg: [6, 40], makers: ['Emerson / Copeland', 'Danfoss'], fgasType: 'stationaryRefrigeration', kw: [8, 60] },
  { category: 'iceMachine', names: ['Fabbricatore di ghiaccio bar'], gases: ['R290', 'R134a'], kg: [0.12, 0.9], makers: ['Carrier'], fgasType: 'stationaryRefrigeration', kw: [0.4, 1.5] },
]; // prettier-ignore

export type ActivityType = 'repair' | 'maintenance' | 'installation' | 'leakCheck' | 'inspection' | 'survey';

/** What a demo activity is about, by type: titles, instructions, resolutions and a checklist. */
export const ACTIVITY_KINDS: readonly { type: ActivityType; weight: number; titles: readonly string[]; instructions: string; resolutions: readonly string[]; checklist: readonly string[] }[] = [
  { type: 'maintenance', weight: 40, titles: ['Manutenzione programmata', 'Manutenzione semestrale', 'Pulizia filtri e batterie', 'Sanificazione impianto'], instructions: 'Pulizia filtri, controllo assorbimenti e pressioni, verifica scarico condensa.', resolutions: ['Manutenzione eseguita, impianto regolare.', 'Puliti filtri e batterie, sanificato, valori nella norma.', 'Eseguita manutenzione; consigliata sostituzione ventilatore entro l’anno.'], checklist: ['Pulizia filtri', 'Controllo pressioni', 'Verifica scarico condensa', 'Misura assorbimenti'] },
  { type: 'repair', weight: 25, titles: ['Guasto: non raffresca', 'Allarme alta pressione', 'Perdita d’acqua dall’unità interna', 'Compressore in blocco', 'Cella non va in temperatura'], instructions: 'Diagnosi del guasto e ripristino; chiamare l’ufficio prima di sostituire il compressore.', resolutions: ['Sostituito condensatore di avviamento, impianto ripartito.', 'Riparata perdita sulla saldatura del collettore, ricaricato il gas.', 'Sostituita sonda di temperatura, cella in regime.', 'Pulito lo scarico condensa ostruito.'], checklist: ['Diagnosi', 'Riparazione', 'Prova di funzionamento'] },
  { type: 'leakCheck', weight: 17, titles: ['Controllo perdite periodico', 'Verifica fughe F-gas'], instructions: 'Controllo delle perdite ai sensi del Reg. UE 2024/573, aggiornare il registro.', resolutions: ['Controllo perdite eseguito: nessuna perdita rilevata.', 'Controllo con cercafughe elettronico e soluzione schiumogena: esito negativo.'], checklist: ['Controllo visivo', 'Cercafughe elettronico', 'Aggiornamento registro F-gas'] },
  { type: 'installation', weight: 6, titles: ['Installazione nuovo climatizzatore', 'Posa unità esterna'], instructions: 'Installazione a regola d’arte, prova di tenuta in azoto e vuoto.', resolutions: ['Installazione completata, prova di tenuta superata, impianto avviato.'], checklist: ['Prova di tenuta in azoto', 'Vuoto', 'Avviamento'] },
  { type: 'inspection', weight: 8, titles: ['Verifica efficienza energetica', 'Controllo di efficienza (libretto di impianto)'], instructions: 'Compilare il rapporto di efficienza energetica.', resolutions: ['Verifica eseguita, rapporto di efficienza compilato.'], checklist: ['Misure', 'Rapporto di efficienza'] },
  { type: 'survey', weight: 4, titles: ['Sopralluogo per preventivo', 'Sopralluogo nuova installazione'], instructions: 'Rilievo misure e foto per il preventivo.', resolutions: ['Sopralluogo eseguito, misure e foto inviate all’ufficio.'], checklist: ['Rilievo misure', 'Foto'] },
]; // prettier-ignore
