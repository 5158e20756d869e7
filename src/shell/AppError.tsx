import { useEffect } from 'react';
import { Title, useTranslate } from 'react-admin';
import { appErrors } from '../app/errors';
import { ErrorView } from './ErrorView';

/**
 * react-admin's error page (a page crashed while rendering), in the user's language. The error is
 * recorded on the app error state (logged, and reported when monitoring is on); the layout stays.
 */
export const AppError = ({
  error,
  resetErrorBoundary,
}: {
  error?: unknown;
  resetErrorBoundary?: (...args: unknown[]) => void;
}) => {
  const translate = useTranslate();
  useEffect(() => appErrors.record(error, 'page'), [error]);
  const texts = {
    system: translate('app.errors.system'),
    systemBody: translate('app.errors.systemBody'),
    reload: translate('app.errors.reload'),
  };
  return (
    <>
      <Title title={texts.system} />
      <ErrorView error={error} texts={texts} onRetry={resetErrorBoundary && (() => resetErrorBoundary())} />
    </>
  );
};
