import { Create, SimpleForm } from 'react-admin';
import type { ResourceDefinition } from '../../../resources/schema';
import { FormSections } from './FormSections';
import { IdempotentCreate } from './IdempotentCreate';
import { useValidator } from './useValidator';

/** Fields with a default in the definition start with it, as the service would fill them. */
function defaults(def: ResourceDefinition): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(def.fields)
      .filter(([, field]) => field.default !== undefined)
      .map(([name, field]) => [name, field.default]),
  );
}

export default function ResourceCreate({ def }: { def: ResourceDefinition }) {
  const validate = useValidator(def, 'create');
  return (
    <Create>
      <SimpleForm validate={validate} defaultValues={defaults(def)}>
        <IdempotentCreate />
        <FormSections def={def} />
      </SimpleForm>
    </Create>
  );
}
