import { resources } from '../../resources';
import { representRecord } from '../../resources/schema/resource';
import { routesFor } from './routes';

/**
 * The resource definitions and what comes with them (zod and every schema, the route table), in their
 * own chunk: the login screen does not need them, and their size grows with every entity.
 */
export const registry = { definitions: resources, represent: representRecord, routesFor };
