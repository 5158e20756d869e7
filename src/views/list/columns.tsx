import { DataTable } from 'react-admin';
import type { ResourceDefinition } from '../../../resources/schema';
import { marked } from '../fields/marks';
import { componentsOf } from '../fields/registry';
import { fieldSpec } from '../fields/types';

/** DataTable columns for fields of a definition: their label, their kind's cell, sortable where the field is. */
export const definitionColumns = (def: ResourceDefinition, names: readonly string[]) =>
  names.map((name) => {
    const spec = fieldSpec(def, name);
    return (
      <DataTable.Col key={name} source={name} label={spec.label} disableSort={!spec.field.sortable}>
        {marked(spec, componentsOf(spec).cell(spec))}
      </DataTable.Col>
    );
  });
