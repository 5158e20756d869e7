import { appErrors, type RecordedError } from './errors';

/** docs/spa.md#error-reporting: the share of page loads and navigations whose traces are reported. */
export const TRACE_SAMPLE_RATE = 0.7;

/** The part of @sentry/react the app uses (a type only: the SDK itself is imported on demand). */
export type MonitoringSdk = Pick<
  typeof import('@sentry/react'),
  'init' | 'browserTracingIntegration' | 'captureException'
>;

/** Loads the SDK on demand: nothing of it is in the app's entry chunk. */
const loadSentry = (): Promise<MonitoringSdk> => import('@sentry/react');

/**
 * Error reporting (docs/spa.md#error-reporting), with Sentry's browser SDK: when the runtime config's
 * `monitoringDsn` is non-empty, errors and traces go to that DSN (traces for 70% of page loads and
 * navigations, errors always, including those recorded before the SDK arrived); when it is empty the
 * SDK is never downloaded. Resolves whether monitoring is on.
 */
export async function startMonitoring(dsn: string, load: () => Promise<MonitoringSdk> = loadSentry): Promise<boolean> {
  if (!dsn.trim()) return false;
  // Errors recorded while the SDK downloads are reported once it is there.
  const pending: RecordedError[] = [...appErrors.recorded()];
  const stopQueueing = appErrors.onRecord((recorded) => pending.push(recorded));
  try {
    const sdk = await load();
    sdk.init({
      dsn: dsn.trim(),
      tracesSampleRate: TRACE_SAMPLE_RATE,
      integrations: [sdk.browserTracingIntegration()],
    });
    const report = ({ error, phase }: RecordedError) => sdk.captureException(error, { tags: { phase } });
    pending.splice(0).forEach(report);
    appErrors.onRecord(report);
    return true;
  } catch (error) {
    // Monitoring must never take the app down with it.
    console.error(error);
    return false;
  } finally {
    stopQueueing();
  }
}
