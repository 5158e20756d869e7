import type { ResourceDefinition } from '../../../../resources/schema';
import ResourceShow from '../../../views/show/ResourceShow';
import { SdiHistory } from '../sdi/SdiHistory';
import { SdiToolbar } from '../sdi/SdiToolbar';
import { InvoicePaymentButton } from './RecordPaymentButton';

/**
 * The generated invoice page with "Registra incasso" beside its actions (docs/spa.md#receivables), its SdI
 * status, XML download and receipt import, and its SdI history below (docs/spa.md#sdi).
 */
export default function InvoiceShow({ def }: { def: ResourceDefinition }) {
  return (
    <ResourceShow
      def={def}
      toolbar={
        <>
          <InvoicePaymentButton />
          <SdiToolbar />
        </>
      }
    >
      <SdiHistory />
    </ResourceShow>
  );
}
