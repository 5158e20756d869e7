import type { ComponentType, LazyExoticComponent } from 'react';
import type { ResourceDefinition } from '../../resources/schema';

/** A list of the records of another resource that refer to the record on screen (src/views/related/RelatedList.tsx). */
export interface RelatedListProps {
  /** The related resource (a definition name). */
  resource: string;
  /** Its field that refers to the record on screen. */
  target: string;
  /** Catalogue key of the heading; the related resource's plural name when absent. */
  title?: string;
  /** Offer a create button whose form starts with the reference to the record on screen. */
  create?: boolean;
}

type View = 'list' | 'show' | 'edit' | 'create';
type ViewComponent = LazyExoticComponent<ComponentType<{ def: ResourceDefinition }>>;

/**
 * Custom views of one resource. A custom view gets the definition like a generated one and usually
 * wraps it (the generated show page plus a chart), so it keeps every field the definition gains. Each
 * loads on demand, from its module's folder (src/modules/<module>, docs/spa.md).
 */
export type ViewComponents = Partial<Record<View, ViewComponent>>;

/** How the SPA departs from the generated views of one resource: the modules' views and related lists together. */
export interface ViewOverrides extends ViewComponents {
  /**
   * Records of other resources that refer to this one, listed under its generated show and edit pages
   * (a customer's sites, an activity's F-gas interventions). A custom show or edit view places its own.
   */
  related?: readonly RelatedListProps[];
  /**
   * Lifecycle actions done on a screen of their own rather than in the generic dialog (signing a work
   * report needs a drawn signature): by action name, the route its button opens for a record.
   */
  actionLinks?: ActionLinks;
}

/** By action name, the route (without `#`) its button opens for the record on screen. */
export type ActionLinks = Readonly<Record<string, (record: Readonly<Record<string, unknown>>) => string>>;
