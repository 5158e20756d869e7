import type { ResourceDefinition } from '../../../resources/schema';
import ResourceEdit from '../../views/form/ResourceEdit';
import { WarehouseLocations } from './WarehouseLocations';

/** The generated warehouse form, with the warehouse's locations below it. */
export default function WarehouseEdit({ def }: { def: ResourceDefinition }) {
  return (
    <ResourceEdit def={def}>
      <WarehouseLocations />
    </ResourceEdit>
  );
}
