import { useEffect, useState } from 'react';
import { ErrorView, type ErrorViewTexts } from '../shell/ErrorView';
import { appState } from './state';

const KEYS = { system: 'app.errors.system', systemBody: 'app.errors.systemBody', reload: 'app.errors.reload' } as const;

/** The texts of the loaded dictionaries, if any were loaded before the failure. */
function loadedTexts(): ErrorViewTexts | null {
  const i18n = appState.current()?.i18n;
  if (!i18n) return null;
  return {
    system: i18n.translate(KEYS.system),
    systemBody: i18n.translate(KEYS.systemBody),
    reload: i18n.translate(KEYS.reload),
  };
}

/**
 * The error view for a failure of the whole app (start-up or mount: docs/spa.md#boot), outside
 * react-admin. Before any dictionary is loaded it uses the Italian catalogue, fetched only then.
 */
export const RootError = ({ error }: { error: unknown }) => {
  const [texts, setTexts] = useState<ErrorViewTexts | null>(loadedTexts);
  useEffect(() => {
    if (texts) return;
    let live = true;
    import('../../i18n/it').then(
      ({ it }) => live && setTexts(it.app.errors),
      () => live && setTexts(KEYS),
    );
    return () => {
      live = false;
    };
  }, [texts]);
  return texts ? <ErrorView error={error} texts={texts} /> : null;
};
