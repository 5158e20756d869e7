import type { ResourceDefinition } from '../../../resources/schema';
import ResourceShow from '../../views/show/ResourceShow';
import { ItemStockChart } from './ItemStockChart';
import RelatedList from '../../views/related/RelatedList';

/** The generated item page (codes and supplies are its sections), with its stock per warehouse. */
export default function ItemShow({ def }: { def: ResourceDefinition }) {
  return (
    <ResourceShow def={def}>
      <ItemStockChart />
      <RelatedList resource="wh/stocks" target="itemId" />
    </ResourceShow>
  );
}
