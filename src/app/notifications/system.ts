import type { HttpError } from 'react-admin';
import { SYSTEM_ERROR, systemErrorDetail } from '../../../dataProviders/http';
import { notify } from './store';

/** Catalogue key of the system error toast's body (docs/spa.md#errors-and-toasts). */
export const SYSTEM_ERROR_BODY = 'app.errors.systemBody';
/** What an unreachable service says after 'Errore di sistema'. */
const UNREACHABLE = 'ra.notification.http_error';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * docs/spa.md#errors-and-toasts: a system error (a 5xx, or a service that cannot be reached) shows an error toast
 * titled 'Errore di sistema' followed by the error detail, with the body 'Riprova più tardi o contatta
 * l'assistenza tecnica.'.
 */
export function notifySystemError(error: HttpError, translate: Translate): number {
  const detail = systemErrorDetail(error) ?? translate(UNREACHABLE);
  return notify({
    type: 'error',
    title: `${translate(SYSTEM_ERROR)}: ${detail}`,
    text: translate(SYSTEM_ERROR_BODY),
  });
}
