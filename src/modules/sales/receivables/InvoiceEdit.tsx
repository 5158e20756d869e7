import type { ResourceDefinition } from '../../../../resources/schema';
import ResourceEdit from '../../../views/form/ResourceEdit';
import { SdiHistory } from '../sdi/SdiHistory';
import { SdiToolbar } from '../sdi/SdiToolbar';
import { InvoicePaymentButton } from './RecordPaymentButton';

/**
 * The generated invoice form, where the invoices list opens a record, with "Registra incasso" beside its
 * actions once issued (docs/spa.md#receivables). A rejected invoice opens here to be corrected: its SdI
 * status, download, receipt import and history (the rejection codes) come along (docs/spa.md#sdi).
 */
export default function InvoiceEdit({ def }: { def: ResourceDefinition }) {
  return (
    <ResourceEdit
      def={def}
      toolbar={
        <>
          <InvoicePaymentButton />
          <SdiToolbar />
        </>
      }
    >
      <SdiHistory />
    </ResourceEdit>
  );
}
