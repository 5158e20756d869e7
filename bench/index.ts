import { benchContacts } from './api-contacts';
import { benchAuth } from './auth';
import { benchBundle } from './bundle';
import { benchCrash } from './crash-durability';
import { benchLists } from './lists';
import { benchLogin } from './login';
import { benchPlanner } from './planner';
import { benchStartup } from './startup';
import { printSummary } from './summary';

// `npm run bench -- crash`: the crash-durability check alone, failing on a violation.
if (process.argv.includes('crash')) process.exit((await benchCrash()) ? 0 : 1);

// `npm run bench -- bundle`: what a browser receives for the login screen and the first signed-in screen.
if (process.argv.includes('bundle')) {
  await benchBundle();
  await benchLogin();
  process.exit(0);
}

// `npm run bench -- planner`: the planner's window route alone.
if (process.argv.includes('planner')) {
  await benchPlanner();
  process.exit(0);
}

// `npm run bench -- lists`: the list queries on the derived indexes at 1k, 10k and 100k contacts.
if (process.argv.includes('lists')) {
  await benchLists();
  printSummary();
  process.exit(0);
}

// `npm run bench -- auth`: authenticated against unauthenticated trivial routes, static files during logins.
if (process.argv.includes('auth')) {
  await benchAuth();
  printSummary();
  process.exit(0);
}

// `npm run bench -- startup`: first start, restart with tsx and compiled, peak memory.
if (process.argv.includes('startup')) {
  await benchStartup();
  printSummary();
  process.exit(0);
}

// `npm run bench -- login`: login -> first list rows in Chromium, against a minimal react-admin app.
if (process.argv.includes('login')) {
  await benchLogin();
  printSummary();
  process.exit(0);
}

// Each benchmark prints its own figures; none asserts on time.
await benchContacts();
await benchLists();
await benchAuth();
await benchPlanner();
await benchBundle();
await benchLogin();
await benchStartup();
printSummary();
