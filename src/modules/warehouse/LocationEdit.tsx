import type { ResourceDefinition } from '../../../resources/schema';
import ResourceEdit from '../../views/form/ResourceEdit';
import { RelatedList } from './RelatedList';

/** The generated location form, with what the location holds and the movements in and out of it. */
export default function LocationEdit({ def }: { def: ResourceDefinition }) {
  return (
    <ResourceEdit def={def}>
      <RelatedList resource="wh/stocks" target="locationId" />
      <RelatedList resource="wh/movements" target="toLocationId" title="warehouse.movementsIn" />
      <RelatedList resource="wh/movements" target="fromLocationId" title="warehouse.movementsOut" />
    </ResourceEdit>
  );
}
