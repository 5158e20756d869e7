import { contractGroup } from './contract/groups';
import { contractSuite } from './contract/suite';

// The contract test (tests/api/contract/suite.ts) of the definitions in this file's group.
contractSuite(contractGroup('warehouse'));
