/**
 * A real `redis-server` (Debian's package; `.ci/run` installs it) for one test file: on a free 127.0.0.1
 * port, nothing saved to disk, stopped by `stop()`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** The brokers' shared secret in tests (a deployment draws its own: `openssl rand -base64 32`). */
export const TEST_SECRET = 'test secret: 32 characters or more, the same on every instance';

export interface RedisServer {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

/** Resolves once the server says it accepts connections; rejects if it exits first or takes over 10 s. */
function untilReady(server: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes('Ready to accept connections')) return;
      clearTimeout(timer);
      resolve();
    });
    // No `redis-server` on the PATH: Node reports the failed spawn as an 'error' event, which would otherwise throw.
    server.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${String(code)}:\n${output}`));
    });
  });
}

/** A port the OS just handed out and took back (a server binds it right after). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

/** Starts `redis-server`; a port taken between the probe and the bind is tried again (3 times). */
export async function startRedis(): Promise<RedisServer> {
  let failure: unknown;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const port = await freePort();
    const server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'notice'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      await untilReady(server);
    } catch (error) {
      failure = error;
      server.kill('SIGKILL');
      continue;
    }
    return {
      url: `redis://127.0.0.1:${port}`,
      port,
      stop: () =>
        new Promise<void>((resolve) => {
          if (server.exitCode !== null) return resolve();
          server.once('exit', () => resolve());
          server.kill('SIGTERM');
        }),
    };
  }
  throw failure;
}
