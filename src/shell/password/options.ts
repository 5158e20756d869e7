import { notifySystemError } from '../../app/notifications/system';
import { oauth2Url } from '../../app/session';
import { appState } from '../../app/state';
import type { PasswordApiOptions } from './api';

/**
 * The oauth2 service of the runtime config, answering in the interface's language; a system error
 * shows the app's error toast, as for every other call.
 */
export const passwordApi = (locale: string): PasswordApiOptions => ({
  oauth2Url,
  locale: () => locale,
  onSystemError: (error) => notifySystemError(error, (key, options) => appState.get().i18n.translate(key, options)),
});
