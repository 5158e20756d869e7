import { Box, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  ArrayInput,
  FormDataConsumer,
  RecordContextProvider,
  SimpleFormIterator,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { deriveRecord, type ResourceDefinition } from '../../../resources/schema';
import { formatDecimal } from './decimal-text';
import { LineFillInput } from './line-fill-input';
import type { ComponentsOf, FieldSpec, KindComponents } from './types';

type Line = Record<string, unknown>;

/**
 * A line's field as the views render it. Its labels live under `resources.<name>.lines.<field>`: the
 * line is given a definition of its own named so, whose enum labels land in `.enums` beside `.fields`.
 */
export function lineSpec(spec: FieldSpec, sub: string): FieldSpec {
  const lineFields = spec.field.lineFields ?? {};
  const def = { ...spec.def, name: `${spec.def.name}.lines.${spec.name}`, fields: lineFields } as ResourceDefinition;
  return { def, name: sub, field: lineFields[sub], label: `resources.${def.name}.fields.${sub}` };
}

const linesOf = (value: unknown): Line[] =>
  Array.isArray(value) ? value.filter((l): l is Line => typeof l === 'object' && l !== null) : [];

/** The field's totals over the lines as they are (computed line values derived first). */
function totalsOf(spec: FieldSpec, lines: Line[]): [string, string][] {
  if (!spec.field.totals) return [];
  try {
    const derived = deriveRecord({ [spec.name]: spec.field }, { [spec.name]: lines }).record[spec.name];
    return Object.entries(spec.field.totals(linesOf(derived)));
  } catch {
    return [];
  }
}

/** A total reads with as many decimals as it was given ("1234.50" -> "1.234,50"). */
const Totals = ({ spec, lines }: { spec: FieldSpec; lines: Line[] }) => {
  const translate = useTranslate();
  const [locale = 'it'] = useLocaleState();
  const totals = totalsOf(spec, lines);
  if (totals.length === 0) return null;
  return (
    <Stack direction="row" useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', columnGap: 4, mt: 1 }}>
      {totals.map(([key, value]) => {
        const digits = /\.(\d+)$/.exec(value)?.[1].length ?? 0;
        return (
          <Box key={key} sx={{ textAlign: 'right' }}>
            <Typography variant="caption" color="text.secondary">
              {translate(`resources.${spec.def.name}.lines.${spec.name}.totals.${key}`, { _: key })}
            </Typography>
            <Typography variant="body1" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
              {formatDecimal(value, locale, { minimumFractionDigits: digits, maximumFractionDigits: digits })}
            </Typography>
          </Box>
        );
      })}
    </Stack>
  );
};

/** The lines as a compact read-only table, each cell drawn by its kind, totals underneath. */
const LinesTable = ({ spec, componentsOf }: { spec: FieldSpec; componentsOf: ComponentsOf }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const lines = linesOf(record?.[spec.name]);
  const subs = Object.keys(spec.field.lineFields ?? {});
  if (lines.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('kinds.noLines')}
      </Typography>
    );
  return (
    // As wide as the row it is given and no wider, whatever its columns: a zero width that the min-width stretches
    // adds nothing to the page's width, so a wide table (the customer snapshot's 13 columns, many lines on a
    // phone) scrolls inside and the page does not (docs/spa.md#phone-layout).
    <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {subs.map((sub) => (
              <TableCell key={sub}>{translate(lineSpec(spec, sub).label, { _: sub })}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line, i) => (
            <RecordContextProvider key={typeof line.id === 'string' ? line.id : i} value={line}>
              <TableRow>
                {subs.map((sub) => {
                  const s = lineSpec(spec, sub);
                  return <TableCell key={sub}>{componentsOf(s).cell(s)}</TableCell>;
                })}
              </TableRow>
            </RecordContextProvider>
          ))}
        </TableBody>
      </Table>
      <Totals spec={spec} lines={lines} />
    </Box>
  );
};

/** In a list, only how many lines there are: a table per row would drown the list. */
const LineCount = ({ spec }: { spec: FieldSpec }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  return (
    <Typography component="span" variant="body2">
      {translate('kinds.lineCount', { count: linesOf(record?.[spec.name]).length })}
    </Typography>
  );
};

const WIDE = new Set(['text', 'longText', 'richText', 'reference', 'references', 'tags']);

/** Texts and references take the room a line has left; numbers, codes and choices stay narrow. */
function cellFlex(spec: FieldSpec): string {
  if (WIDE.has(spec.field.kind)) return '3 1 200px';
  return spec.field.kind === 'computed' ? '0 0 110px' : '1 1 110px';
}

/** A line field's input: the product or item the definition's `fill` names fills its line when picked. */
function lineInput(spec: FieldSpec, sub: string, componentsOf: ComponentsOf) {
  const s = lineSpec(spec, sub);
  const fill = spec.field.fill;
  if (fill?.product === sub) return <LineFillInput spec={s} lines={spec} picked="product" />;
  if (fill?.item === sub) return <LineFillInput spec={s} lines={spec} picked="item" />;
  return componentsOf(s).input(s);
}

/** Lines edited inline: one row of inputs per line (wrapping on narrow screens), live totals below. */
const LinesInput = ({ spec, componentsOf }: { spec: FieldSpec; componentsOf: ComponentsOf }) => (
  <Box sx={{ width: '100%' }}>
    <ArrayInput source={spec.name} label={spec.label}>
      <SimpleFormIterator inline fullWidth sx={{ '& .RaSimpleFormIterator-form': { flexWrap: 'wrap', rowGap: 0 } }}>
        {Object.keys(spec.field.lineFields ?? {}).map((sub) => (
          <Box
            key={sub}
            sx={{
              flex: cellFlex(lineSpec(spec, sub)),
              minWidth: 0,
              '& .MuiFormControl-root': { width: '100%', minWidth: 0 },
            }}
          >
            {lineInput(spec, sub, componentsOf)}
          </Box>
        ))}
      </SimpleFormIterator>
    </ArrayInput>
    <FormDataConsumer>
      {({ formData }) => <Totals spec={spec} lines={linesOf((formData as Record<string, unknown>)[spec.name])} />}
    </FormDataConsumer>
  </Box>
);

/** The lines kind, drawing each line's fields with the components of their kinds. */
export const lines = (componentsOf: ComponentsOf): KindComponents => ({
  cell: (spec) => <LineCount spec={spec} />,
  show: (spec) => <LinesTable spec={spec} componentsOf={componentsOf} />,
  input: (spec) => <LinesInput spec={spec} componentsOf={componentsOf} />,
  filterOperators: [],
  filter: () => {
    throw new Error('Lines cannot be filtered');
  },
});
