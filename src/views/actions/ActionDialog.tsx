import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useMemo, useState } from 'react';
import {
  Form,
  HttpError,
  SaveButton,
  useCreatePath,
  useDataProvider,
  useNavigate,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import {
  actionInputSchema,
  describeIssues,
  openedBy,
  type ResourceAction,
  type ResourceDefinition,
} from '../../../resources/schema';
import { normaliseValue } from '../../../dataProviders/payload';
import { componentsOf } from '../fields/registry';
import type { FieldSpec } from '../fields/types';
import { toFormErrors } from '../form/validation';

type Row = Record<string, unknown>;

/** An input field of an action, labelled like the definition's field of the same name. */
const inputSpec = (def: ResourceDefinition, action: ResourceAction, name: string): FieldSpec => ({
  def,
  name,
  field: action.input![name],
  label: `resources.${def.name}.fields.${name}`,
});

/**
 * What to tell the user of a refused action, always from the service's localized `errors[].message`
 * when it sent any: the messages about what is not an input of the dialog (the status it starts from,
 * an incomplete checklist), else each input's label and message (also shown under the input); the
 * problem's own message only when it named no field.
 */
export function problemMessage(error: unknown, inputs: readonly string[], labelOf: (field: string) => string): string {
  if (!(error instanceof HttpError)) return 'app.errors.system';
  const errors = ((error.body ?? {}) as { errors?: Record<string, unknown> }).errors ?? {};
  const messages = Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  // A refused issue names lines too (`lines.2.vatNature`, docs/domain.md#checks-before-issue): "Righe 3: …".
  const nested = Object.entries(errors)
    .filter(([field, value]) => !inputs.includes(field) && typeof value === 'object' && value !== null)
    .flatMap(([field, value]) => lineMessages(value as Row).map((m) => `${labelOf(field)} ${m}`));
  const others = [...messages.filter(([path]) => !inputs.includes(path)).map(([, message]) => message), ...nested];
  if (others.length > 0) return others.join(' · ');
  const onInputs = messages.map(([path, message]) => `${labelOf(path)}: ${message}`);
  return onInputs.length > 0 ? onInputs.join(' · ') : error.message;
}

/** The messages under a nested error (a lines field's `{0: {vatNature: …}}`), each after its line's position. */
function lineMessages(node: Row): string[] {
  return Object.entries(node).flatMap(([key, value]) => {
    const at = /^\d+$/.test(key) ? String(Number(key) + 1) : key;
    const inner = typeof value === 'object' && value !== null ? Object.values(value as Row) : [value];
    return inner.filter((m): m is string => typeof m === 'string').map((m) => `${at}: ${m}`);
  });
}

/**
 * Runs one lifecycle action on the record in context: a confirmation, with the action's input fields
 * (the field registry's inputs) when it takes any. The service checks everything again; its field
 * errors land on the inputs, and the record is reloaded after the change (or the record the action made,
 * its `opens`, is opened).
 */
export function ActionDialog({
  def,
  name,
  action,
  onClose,
}: {
  def: ResourceDefinition;
  name: string;
  action: ResourceAction;
  onClose: () => void;
}) {
  const record = useRecordContext<Row & { id: string; version: number }>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const createPath = useCreatePath();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  // On a phone the dialog takes the whole screen, so its buttons are never off screen.
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const inputs = Object.keys(action.input ?? {});
  const schema = useMemo(() => actionInputSchema(action.input), [action]);
  const defaults = useMemo(
    () => Object.fromEntries(inputs.map((input) => [input, record?.[input] ?? null])),
    // The dialog opens on one record state: later renders must not reset what the user typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  if (!record) return null;
  const title = translate(`resources.${def.name}.actions.${name}`);
  const labelOf = (field: string) => translate(`resources.${def.name}.fields.${field}`, { _: field });

  const payload = (values: Row): Row => {
    const body: Row = { version: record.version };
    for (const input of inputs) body[input] = normaliseValue(action.input![input], values[input]) ?? null;
    return body;
  };
  const validate = (values: Row) => {
    const result = schema.safeParse(payload(values));
    return result.success ? {} : toFormErrors(describeIssues(result.error.issues), labelOf);
  };
  const submit = async (values: Row) => {
    setBusy(true);
    try {
      const { data } = await dataProvider.runAction(def.name, { id: record.id, action: name, data: payload(values) });
      notify('actions.done', { type: 'success', messageArgs: { action: title } });
      onClose();
      // An action that made a record (a conversion, a credit note) opens it; the others reload the record on screen.
      const made = openedBy(def, action, data as Row | undefined);
      if (made) navigate(createPath({ ...made, type: 'edit' }));
      else refresh();
    } catch (error) {
      notify(problemMessage(error, inputs, labelOf), { type: 'error' });
      const errors = error instanceof HttpError ? (error.body as { errors?: Row } | undefined)?.errors : undefined;
      // Field errors go onto the inputs; the others were notified.
      if (errors) return Object.fromEntries(Object.entries(errors).filter(([key]) => inputs.includes(key)));
    } finally {
      setBusy(false);
    }
    return undefined;
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      fullScreen={fullScreen}
      maxWidth="sm"
      aria-labelledby={`action-${name}`}
    >
      <Form record={defaults} onSubmit={submit} validate={validate} noValidate>
        <DialogTitle id={`action-${name}`}>{title}</DialogTitle>
        <DialogContent>
          {inputs.length === 0 ? (
            <Box sx={{ pt: 1 }}>{translate('ra.message.are_you_sure')}</Box>
          ) : (
            inputs.map((input) => (
              <Box key={input}>{componentsOf(inputSpec(def, action, input)).input(inputSpec(def, action, input))}</Box>
            ))
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <SaveButton label="actions.confirm" alwaysEnable variant="contained" />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
