import { translate, type Lang } from '../../http/lang';
import {
  documentFrame,
  facts,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatQuantity,
  linesTable,
  renderPdf,
  type Company,
  type Content,
} from '../../documents/pdf/index';
import { addressLine, partyName, type WorkReportContext } from './work-report-data';

/* eslint-disable @typescript-eslint/no-explicit-any -- records of several services are read untyped */
type Row = Record<string, any>;

const RESOURCE = 'resources.sales/work-reports';

/** The report's PDF (docs/domain.md#work-reports): everything the customer signs for, and the signature. */
export async function workReportPdf(
  report: Row,
  context: WorkReportContext,
  company: Company,
  lang: Lang,
  /** The signature as a PNG data URL, when the report is signed. */
  signature: string | undefined,
): Promise<Buffer> {
  const t = (key: string, params?: Record<string, string | number>) => translate(lang, key, params);
  const field = (name: string) => t(`${RESOURCE}.fields.${name}`);
  const line = (list: string, name: string) => t(`${RESOURCE}.lines.${list}.fields.${name}`);
  const title = `${t('documents.workReport.title')} ${report.number ?? ''}`.trim();
  const { activity, customer, site, machines, refrigerants, technicians } = context;
  const technicianName = (id: string) => {
    const row = technicians.get(String(id).toLowerCase());
    return row ? `${row.firstName} ${row.lastName}` : '';
  };
  const machineName = (id: string) => {
    const row = machines.get(String(id).toLowerCase());
    return row ? [row.code, row.name].filter(Boolean).join(' – ') : '';
  };
  const refrigerantCode = (id: unknown) => refrigerants.get(String(id).toLowerCase())?.code ?? '';

  const machineRows = [...machines.values()].map((m) => ({
    ...m,
    refrigerant: refrigerantCode(m.refrigerantId) || m.refrigerantCode || '',
  }));
  const content: Content[] = [
    { text: title, style: 'title' },
    facts([
      [field('date'), formatDate(report.date)],
      [field('activityId'), [activity?.number, activity?.title].filter(Boolean).join(' – ')],
      [t('documents.workReport.customer'), partyName(customer)],
      [t('documents.vatNumber'), customer?.vatNumber ?? ''],
      [t('documents.workReport.site'), [site?.name, addressLine(site?.address)].filter(Boolean).join(' – ')],
    ]),
    { text: t('documents.workReport.machines'), style: 'section' },
    linesTable(
      [
        { header: t('documents.workReport.machine'), value: (m: Row) => [m.code, m.name].filter(Boolean).join(' – ') },
        {
          header: t('documents.workReport.model'),
          value: (m: Row) => [m.model, m.serialNumber].filter(Boolean).join(' / '),
        },
        { header: t('documents.workReport.refrigerant'), width: 'auto', value: (m: Row) => m.refrigerant },
        {
          header: t('documents.workReport.charge'),
          width: 'auto',
          align: 'right',
          value: (m: Row) => formatQuantity(m.refrigerantChargeKg, m.refrigerantChargeKg ? 'kg' : ''),
        },
      ],
      machineRows,
      t('documents.workReport.none'),
    ),
    { text: field('timeEntries'), style: 'section' },
    linesTable(
      [
        { header: line('timeEntries', 'technicianId'), value: (e: Row) => technicianName(e.technicianId) },
        { header: line('timeEntries', 'date'), width: 'auto', value: (e: Row) => formatDate(e.date) },
        { header: t('documents.workReport.from'), width: 'auto', value: (e: Row) => e.startTime ?? '' },
        { header: t('documents.workReport.to'), width: 'auto', value: (e: Row) => e.endTime ?? '' },
        {
          header: line('timeEntries', 'hours'),
          width: 'auto',
          align: 'right',
          value: (e: Row) => formatDecimal(e.hours, 2),
        },
      ],
      (report.timeEntries as Row[] | null) ?? [],
      t('documents.workReport.none'),
    ),
    {
      text: `${field('totalHours')}: ${formatDecimal(report.totalHours, 2)}`,
      alignment: 'right',
      bold: true,
    },
    { text: field('materials'), style: 'section' },
    linesTable(
      [
        { header: line('materials', 'description'), value: (m: Row) => m.description ?? '' },
        {
          header: line('materials', 'quantity'),
          width: 'auto',
          align: 'right',
          value: (m: Row) => formatQuantity(m.quantity, m.uom),
        },
      ],
      (report.materials as Row[] | null) ?? [],
      t('documents.workReport.none'),
    ),
    { text: field('fgasLines'), style: 'section' },
    linesTable(
      [
        { header: line('fgasLines', 'machineId'), value: (l: Row) => machineName(l.machineId) },
        {
          header: line('fgasLines', 'refrigerantId'),
          width: 'auto',
          value: (l: Row) => refrigerantCode(l.refrigerantId),
        },
        {
          header: line('fgasLines', 'quantityAddedKg'),
          width: 'auto',
          align: 'right',
          value: (l: Row) => formatDecimal(l.quantityAddedKg),
        },
        {
          header: line('fgasLines', 'quantityRecoveredKg'),
          width: 'auto',
          align: 'right',
          value: (l: Row) => formatDecimal(l.quantityRecoveredKg),
        },
        { header: line('fgasLines', 'cylinderLot'), width: 'auto', value: (l: Row) => l.cylinderLot ?? '' },
      ],
      (report.fgasLines as Row[] | null) ?? [],
      t('documents.workReport.none'),
    ),
    ...(report.fgasSummary ? [{ text: report.fgasSummary, style: 'small', margin: [0, 2, 0, 0] }] : []),
    { text: field('workDescription'), style: 'section' },
    { text: report.workDescription ?? '' },
    { text: field('outcome'), style: 'section' },
    { text: report.outcome ? t(`${RESOURCE}.enums.outcome.${report.outcome}`) : '' },
    ...(report.customerNotes
      ? [{ text: field('customerNotes'), style: 'section' }, { text: report.customerNotes }]
      : []),
    { text: field('signatureImage'), style: 'section' },
    signature
      ? {
          unbreakable: true,
          stack: [
            { image: signature, fit: [220, 90] },
            {
              text: t('documents.workReport.signedBy', {
                name: report.signerName ?? '',
                at: formatDateTime(report.signedAt),
              }),
              style: 'small',
            },
          ],
        }
      : { text: t('documents.workReport.notSigned'), style: 'small', italics: true },
  ];
  return renderPdf(documentFrame({ company, title, lang }, content));
}
