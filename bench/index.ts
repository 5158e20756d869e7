import { benchContacts } from './api-contacts';
import { benchBundle } from './bundle';
import { benchCrash } from './crash-durability';

// `npm run bench -- crash`: the crash-durability check alone, failing on a violation.
if (process.argv.includes('crash')) process.exit((await benchCrash()) ? 0 : 1);

// `npm run bench -- bundle`: the login screen's first-load JavaScript against a react-admin baseline.
if (process.argv.includes('bundle')) process.exit((await benchBundle()) ? 0 : 1);

// Each benchmark prints its own figures; none asserts on time.
await benchContacts();
await benchBundle();
