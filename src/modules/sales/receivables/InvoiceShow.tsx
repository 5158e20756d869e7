import type { ResourceDefinition } from '../../../../resources/schema';
import ResourceShow from '../../../views/show/ResourceShow';
import { InvoicePaymentButton } from './RecordPaymentButton';

/** The generated invoice page with "Registra incasso" beside its actions (docs/spa.md#receivables). */
export default function InvoiceShow({ def }: { def: ResourceDefinition }) {
  return <ResourceShow def={def} toolbar={<InvoicePaymentButton />} />;
}
