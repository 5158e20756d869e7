import type { ResourceDefinition } from '../../../../resources/schema';
import ResourceShow from '../../../views/show/ResourceShow';
import { InstalmentPaymentButton } from './RecordPaymentButton';

/** The generated instalment page with "Registra incasso" for what it still owes (docs/spa.md#receivables). */
export default function InstalmentShow({ def }: { def: ResourceDefinition }) {
  return <ResourceShow def={def} toolbar={<InstalmentPaymentButton />} />;
}
