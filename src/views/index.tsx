import { lazy } from 'react';
import type { ResourceDefinition } from '../../resources/schema';
import { preloadable } from '../app/preloadable';
import type { ViewOverrides } from './overrides';

/**
 * Every resource view loads on demand (docs/spa.md#routing); react-admin's Layout provides the Suspense.
 * The generated list is preloaded while the login page shows, a list being the usual first page.
 */
export const GeneratedList = preloadable(() => import('./list/ResourceList'));
const List = GeneratedList;
const Show = lazy(() => import('./show/ResourceShow'));
const Edit = lazy(() => import('./form/ResourceEdit'));
const Create = lazy(() => import('./form/ResourceCreate'));
const RelatedList = lazy(() => import('./related/RelatedList'));

/**
 * The four views of a definition, as <Resource> props: the generated ones, or the custom views its
 * module registers (`custom`), with its related lists under the generated show and edit pages.
 */
export function resourceViews(def: ResourceDefinition, custom: ViewOverrides = {}) {
  const ListView = custom.list ?? List;
  const ShowView = custom.show ?? Show;
  const EditView = custom.edit ?? Edit;
  const CreateView = custom.create ?? Create;
  const related = (custom.related ?? []).map((props) => (
    <RelatedList key={`${props.resource}.${props.target}`} {...props} />
  ));
  return {
    list: <ListView def={def} />,
    show: custom.show ? (
      <ShowView def={def} />
    ) : (
      <Show def={def} actionLinks={custom.actionLinks}>
        {related}
      </Show>
    ),
    edit: custom.edit ? (
      <EditView def={def} />
    ) : (
      <Edit def={def} actionLinks={custom.actionLinks}>
        {related}
      </Edit>
    ),
    create: <CreateView def={def} />,
  };
}
