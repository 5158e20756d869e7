import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { ResourceDefinition } from '../../../resources/schema';
import { createValidator, type Mode } from './validation';

export function useValidator(def: ResourceDefinition, mode: Mode) {
  const translate = useTranslate();
  return useMemo(
    () => createValidator(def, mode, (field) => translate(`resources.${def.name}.fields.${field}`, { _: field })),
    [def, mode, translate],
  );
}
