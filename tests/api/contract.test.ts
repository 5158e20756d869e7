import { contractGroup } from './contract/groups';
import { contractSuite } from './contract/suite';

// Every definition of resources/index.ts but those of wfm and warehouse (contract-wfm, contract-warehouse):
// created, read, filtered, sorted, updated, refused when invalid, isolated per tenant, deleted.
contractSuite(contractGroup('main'));
