import type { ResourceDefinition } from '../../../resources/schema';
import ResourceShow from '../../views/show/ResourceShow';
import { RelatedList } from './RelatedList';

/** The generated warehouse page, with the warehouse's locations below it (they have no menu entry of their own). */
export default function WarehouseShow({ def }: { def: ResourceDefinition }) {
  return (
    <ResourceShow def={def}>
      <RelatedList resource="wh/warehouses/locations" target="warehouseId" create />
    </ResourceShow>
  );
}
