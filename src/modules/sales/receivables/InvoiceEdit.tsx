import type { ResourceDefinition } from '../../../../resources/schema';
import ResourceEdit from '../../../views/form/ResourceEdit';
import { InvoicePaymentButton } from './RecordPaymentButton';

/**
 * The generated invoice form, where the invoices list opens a record, with "Registra incasso" beside its
 * actions once issued (docs/spa.md#receivables).
 */
export default function InvoiceEdit({ def }: { def: ResourceDefinition }) {
  return <ResourceEdit def={def} toolbar={<InvoicePaymentButton />} />;
}
