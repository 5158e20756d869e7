import { ADMIN, resourceRoutes, type ModuleManifest } from '../../app/manifest';

/** The users of the tenant, kept by the oauth2 service: its menu group and module id. */
const users: ModuleManifest = {
  id: 'oauth2',
  routes: resourceRoutes('users', 'oauth2', ADMIN),
  dashboard: { headlines: ['users'] },
};

export default users;
