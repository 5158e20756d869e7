import type { ReactNode } from 'react';
import { Edit, SimpleForm } from 'react-admin';
import type { ResourceDefinition } from '../../../resources/schema';
import { FormSections } from './FormSections';
import { useValidator } from './useValidator';
import { RecordActions } from '../actions/RecordActions';
import { PdfButton } from '../pdf/PdfButton';
import type { ActionLinks } from '../overrides';
import { LockAwareFormToolbar, LockedToShow } from '../locks';

/**
 * Pessimistic on purpose: the save waits for the service, so its field errors land on the inputs and a
 * stale version (409) is reported instead of being undone silently.
 */
export interface ResourceEditProps {
  def: ResourceDefinition;
  /** What a custom view adds below the form (a module's view, src/modules). */
  children?: ReactNode;
  /** Actions whose button opens a screen of their own (ViewOverrides.actionLinks). */
  actionLinks?: ActionLinks;
  /** A custom view's own buttons, beside the record's actions (a module's view, src/modules). */
  toolbar?: ReactNode;
}

export default function ResourceEdit({ def, children, actionLinks, toolbar }: ResourceEditProps) {
  const validate = useValidator(def, 'edit');
  return (
    <Edit mutationMode="pessimistic">
      <LockedToShow def={def} />
      <RecordActions def={def} links={actionLinks} />
      <PdfButton def={def} />
      {toolbar}
      <SimpleForm validate={validate} toolbar={def.editableWhile?.or ? <LockAwareFormToolbar def={def} /> : undefined}>
        <FormSections def={def} />
      </SimpleForm>
      {children}
    </Edit>
  );
}
