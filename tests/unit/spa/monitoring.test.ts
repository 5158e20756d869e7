import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appErrors } from '../../../src/app/errors';
import { startMonitoring, TRACE_SAMPLE_RATE, type MonitoringSdk } from '../../../src/app/monitoring';

function fakeSdk() {
  return {
    init: vi.fn(),
    browserTracingIntegration: vi.fn(() => ({ name: 'BrowserTracing' })),
    captureException: vi.fn(),
  };
}

beforeEach(() => {
  appErrors.reset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('error reporting (docs/spa.md#error-reporting)', () => {
  it('loads nothing when the monitoring setting is empty', async () => {
    const load = vi.fn();
    await expect(startMonitoring('', load)).resolves.toBe(false);
    await expect(startMonitoring('   ', load)).resolves.toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('reports errors and traces with a trace sample rate of 0.7 when it is set', async () => {
    const sdk = fakeSdk();
    await expect(
      startMonitoring('https://key@errors.example.it/7', async () => sdk as unknown as MonitoringSdk),
    ).resolves.toBe(true);
    expect(TRACE_SAMPLE_RATE).toBe(0.7);
    expect(sdk.init).toHaveBeenCalledWith(
      expect.objectContaining({
        dsn: 'https://key@errors.example.it/7',
        tracesSampleRate: 0.7,
        integrations: [{ name: 'BrowserTracing' }],
      }),
    );
    const error = new Error('boom');
    appErrors.record(error, 'mount');
    expect(sdk.captureException).toHaveBeenCalledWith(error, { tags: { phase: 'mount' } });
  });

  it('reports the errors recorded while the SDK was downloading', async () => {
    const sdk = fakeSdk();
    const before = new Error('at start-up');
    appErrors.record(before, 'start-up');
    let arrive!: () => void;
    const load = () =>
      new Promise<MonitoringSdk>((resolve) => (arrive = () => resolve(sdk as unknown as MonitoringSdk)));
    const started = startMonitoring('https://key@errors.example.it/7', load);
    const meanwhile = new Error('meanwhile');
    appErrors.record(meanwhile, 'page');
    arrive();
    await started;
    expect(sdk.captureException.mock.calls.map(([e]) => e)).toEqual([before, meanwhile]);
  });

  it('never takes the app down when the SDK cannot be loaded', async () => {
    await expect(
      startMonitoring('https://key@errors.example.it/7', () => Promise.reject(new Error('offline'))),
    ).resolves.toBe(false);
  });
});

describe('app error state (docs/spa.md#boot)', () => {
  it('records an error with its phase and logs it to the console', () => {
    const error = new Error('mount failed');
    appErrors.record(error, 'mount');
    expect(appErrors.current()).toEqual({ error, phase: 'mount' });
    expect(console.error).toHaveBeenCalledWith(error);
  });
});
