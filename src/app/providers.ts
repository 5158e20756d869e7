import { createDataProvider } from '../../dataProviders/composite';
import { createAuthProvider } from '../auth/authProvider';
import { findResource, serviceUrl } from './services';
import { client, http, refresher, tokenUrl, tokens } from './session';
import { appState } from './state';
import { afterLogin, beforeLogin } from './tenant';

export const dataProvider = createDataProvider({
  http,
  serviceUrl,
  findResource,
  serviceProvider: () => appState.current()?.serviceProvider,
});

export const authProvider = createAuthProvider({
  tokens,
  refresher,
  tokenUrl,
  client,
  beforeLogin,
  afterLogin,
  findResource,
  isServiceEnabled: (service) => serviceUrl(service) !== undefined,
});
