import { Box, Divider, List, ListItem, ListItemText, MenuItem, TextField, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useGetMany, useLocaleState, useTranslate } from 'react-admin';
import { WORK_REPORT_OUTCOMES } from '../../../../resources/sales/work-reports';
import type { WorkReport } from './api';

type Row = Record<string, unknown>;

const RESOURCE = 'resources.sales/work-reports';

/** "2.500" -> "2,5" in Italian, "2.5" in English: the locale's decimal mark, no trailing zeros. */
export function localDecimal(value: unknown, locale: string): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
  return locale.startsWith('it') ? text.replace('.', ',') : text;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h2" color="primary">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const rows = (lines: Row[] | null) => lines ?? [];

/**
 * What the customer signs for: hours, materials, refrigerant, the work done and its outcome (which can be
 * changed while the report is a draft). One column of short lines, so it reads on a phone.
 */
export function Summary({
  report,
  onOutcome,
  busy,
}: {
  report: WorkReport;
  onOutcome: (outcome: string) => void;
  busy: boolean;
}) {
  const translate = useTranslate();
  const [locale = 'it'] = useLocaleState();
  const none = <Typography variant="body2">{translate('workReport.none')}</Typography>;
  const gas = rows(report.fgasLines);
  const { data: refrigerants } = useGetMany('wfm/refrigerants', {
    ids: [...new Set(gas.map((l) => String(l.refrigerantId)))],
  });
  const gasName = (id: unknown) => refrigerants?.find((r) => r.id === id)?.code ?? '';
  const kg = (value: unknown) => `${localDecimal(value, locale)} kg`;

  return (
    <Box>
      <Section title={translate('workReport.hours')}>
        <List dense disablePadding>
          {rows(report.timeEntries).map((entry, i) => (
            <ListItem key={i} disableGutters>
              <ListItemText
                primary={`${String(entry.date ?? '')
                  .split('-')
                  .reverse()
                  .join('/')} · ${String(entry.startTime)}–${String(entry.endTime)}`}
                secondary={`${localDecimal(entry.hours, locale)} h`}
              />
            </ListItem>
          ))}
        </List>
        <Typography variant="body2" sx={{ fontWeight: 'bold' }}>
          {translate(`${RESOURCE}.fields.totalHours`)}: {localDecimal(report.totalHours, locale)}
        </Typography>
      </Section>
      <Section title={translate('workReport.materials')}>
        {rows(report.materials).length === 0 ? (
          none
        ) : (
          <List dense disablePadding>
            {rows(report.materials).map((line, i) => (
              <ListItem key={i} disableGutters>
                <ListItemText
                  primary={String(line.description ?? '')}
                  secondary={`${localDecimal(line.quantity, locale)} ${translate(
                    `${RESOURCE}.lines.materials.enums.uom.${String(line.uom)}`,
                  )}`}
                  sx={{ overflowWrap: 'anywhere' }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
      <Section title={translate('workReport.gas')}>
        {gas.length === 0 ? (
          none
        ) : (
          <List dense disablePadding>
            {gas.map((line, i) => (
              <ListItem key={i} disableGutters>
                <ListItemText
                  primary={gasName(line.refrigerantId)}
                  secondary={[
                    `${translate(`${RESOURCE}.lines.fgasLines.fields.quantityAddedKg`)}: ${kg(line.quantityAddedKg)}`,
                    `${translate(`${RESOURCE}.lines.fgasLines.fields.quantityRecoveredKg`)}: ${kg(line.quantityRecoveredKg)}`,
                    line.cylinderLot ? String(line.cylinderLot) : '',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
      <Section title={translate('workReport.description')}>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {report.workDescription}
        </Typography>
      </Section>
      <Divider sx={{ my: 2 }} />
      <TextField
        select
        fullWidth
        size="small"
        label={translate('workReport.outcome')}
        value={report.outcome}
        disabled={busy || report.status !== 'draft'}
        onChange={(event) => onOutcome(event.target.value)}
      >
        {WORK_REPORT_OUTCOMES.map((outcome) => (
          <MenuItem key={outcome} value={outcome}>
            {translate(`${RESOURCE}.enums.outcome.${outcome}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
