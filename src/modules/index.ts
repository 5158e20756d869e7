import type { ModuleManifest } from '../app/manifest';
import addressBook from './address-book';
import sales from './sales';
import ticketing from './ticketing';
import users from './users';
import warehouse from './warehouse';
import wfm from './wfm';

/**
 * Every module of the SPA (docs/spa.md): the shell builds its route table, screens, views, related
 * lists and dashboard from these manifests. The order is the dashboard's headline order; the menu
 * follows the tenant config's order of the services.
 */
export const MODULES: readonly ModuleManifest[] = [addressBook, sales, ticketing, wfm, warehouse, users];
