import type { ResourceDefinition } from '../../../resources/schema';
import ResourceEdit from '../../views/form/ResourceEdit';
import { ItemStockChart } from './ItemStockChart';
import RelatedList from '../../views/related/RelatedList';

/** The generated item form, with its stock per warehouse below it. */
export default function ItemEdit({ def }: { def: ResourceDefinition }) {
  return (
    <ResourceEdit def={def}>
      <ItemStockChart />
      <RelatedList resource="wh/stocks" target="itemId" />
    </ResourceEdit>
  );
}
