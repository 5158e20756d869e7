import { lazy } from 'react';
import type { ResourceDefinition } from '../../resources/schema';
import { overrides } from './overrides';

/** Every resource view loads on demand (ARCHITECTURE.md section 3); react-admin's Layout provides the Suspense. */
const List = lazy(() => import('./list/ResourceList'));
const Show = lazy(() => import('./show/ResourceShow'));
const Edit = lazy(() => import('./form/ResourceEdit'));
const Create = lazy(() => import('./form/ResourceCreate'));

/** The four views of a definition, as <Resource> props: the generated ones, or a custom view registered for it. */
export function resourceViews(def: ResourceDefinition) {
  const custom = overrides[def.name] ?? {};
  const ListView = custom.list ?? List;
  const ShowView = custom.show ?? Show;
  const EditView = custom.edit ?? Edit;
  const CreateView = custom.create ?? Create;
  return {
    list: <ListView def={def} />,
    show: <ShowView def={def} />,
    edit: <EditView def={def} />,
    create: <CreateView def={def} />,
  };
}
