import type { ResourceDefinition } from '../../../resources/schema';
import ResourceShow from '../../views/show/ResourceShow';
import { WarehouseLocations } from './WarehouseLocations';

/** The generated warehouse page, with the warehouse's locations below it. */
export default function WarehouseShow({ def }: { def: ResourceDefinition }) {
  return (
    <ResourceShow def={def}>
      <WarehouseLocations />
    </ResourceShow>
  );
}
