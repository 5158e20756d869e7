import type { ResourceDefinition } from '../../../resources/schema';
import ResourceEdit from '../../views/form/ResourceEdit';
import { RelatedList } from './RelatedList';

/** The generated warehouse form, with the warehouse's locations below it (they have no menu entry of their own). */
export default function WarehouseEdit({ def }: { def: ResourceDefinition }) {
  return (
    <ResourceEdit def={def}>
      <RelatedList resource="wh/warehouses/locations" target="warehouseId" create />
    </ResourceEdit>
  );
}
