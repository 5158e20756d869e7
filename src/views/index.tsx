import { lazy } from 'react';
import type { ResourceDefinition } from '../../resources/schema';

/** Every resource view loads on demand (ARCHITECTURE.md section 3); react-admin's Layout provides the Suspense. */
const List = lazy(() => import('./list/ResourceList'));
const Show = lazy(() => import('./show/ResourceShow'));
const Edit = lazy(() => import('./form/ResourceEdit'));
const Create = lazy(() => import('./form/ResourceCreate'));

/** The four generic views of a definition, as <Resource> props. */
export function resourceViews(def: ResourceDefinition) {
  return {
    list: <List def={def} />,
    show: <Show def={def} />,
    edit: <Edit def={def} />,
    create: <Create def={def} />,
  };
}
