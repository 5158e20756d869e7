import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  url: string;
  /** Every line the process wrote, stdout and stderr. */
  output: string[];
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The environment of a server process: ours, minus anything that would change where data lives. */
export function serverEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // NODE_ENV too: a Vite build earlier in the same run (the login and bundle benches) sets it to production.
  for (const name of ['DATABASE_URL', 'NODE_ENV', 'PORT', 'SERVICES', 'SEED', 'STATIC_DIR']) delete env[name];
  return {
    ...env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    // No SPA: these processes serve the API only.
    STATIC_DIR: resolve(dataDir, 'no-spa'),
    JOBS: 'off',
    ...extra,
  };
}

/** The server itself: node with the tsx loader, one process, so signals reach the server and not a wrapper. */
export const SERVER_COMMAND: readonly string[] = [process.execPath, '--import', 'tsx', 'server/index.ts'];

/** Spawns the server (or `command`, e.g. `npm start`) and collects its output. */
export function spawnServer(
  env: NodeJS.ProcessEnv,
  command: readonly string[] = SERVER_COMMAND,
): ServerProcess & { ready: Promise<string> } {
  const child = spawn(command[0], command.slice(1), {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  const ready = new Promise<string>((done, fail) => {
    const onLine = (line: string) => {
      output.push(line);
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (match) done(match[1]);
    };
    for (const stream of [child.stdout!, child.stderr!]) {
      let buffered = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        lines.forEach(onLine);
      });
    }
    void exited.then(({ code, signal }) =>
      fail(new Error(`server exited before listening (code ${code}, signal ${signal}):\n${output.join('\n')}`)),
    );
  });
  // Whoever awaits `exited` instead of `ready` must not see an unhandled rejection.
  ready.catch(() => undefined);
  return { child, url: '', output, exited, ready };
}

/** Starts a server process and waits until it listens; fails with its output if it does not. */
export async function startServer(
  env: NodeJS.ProcessEnv,
  timeoutMs = 120_000,
  command: readonly string[] = SERVER_COMMAND,
): Promise<ServerProcess> {
  const server = spawnServer(env, command);
  const timer = setTimeout(() => server.child.kill('SIGKILL'), timeoutMs);
  try {
    server.url = await server.ready;
    return server;
  } finally {
    clearTimeout(timer);
  }
}

/** Password grant for a demo user; the server must have been seeded (SEED=demo). */
export async function login(url: string, tenant = 'acme', username = 'admin'): Promise<string> {
  const res = await fetch(`${url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'backoffice',
      client_secret: 'backoffice-secret',
      scope: 'USERNAME',
      username,
      password: 'demo1234',
      tenant,
    }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { AccessToken: string }).AccessToken;
}
