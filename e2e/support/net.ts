/**
 * Network helpers for tests and the benchmark.
 *
 * `freePort()` asks the kernel for a port that is free on 127.0.0.1 right now (bind to port 0, read it, close).
 * Another process could take it before it is used; on a test machine that is rare enough, and the callers
 * fail loudly (EADDRINUSE) rather than silently if it happens.
 */
import net from 'node:net';

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      if (!address || typeof address === 'string') {
        server.close();
        reject(new Error('could not read the port of a probe socket'));
        return;
      }
      server.close(() => resolve(address.port));
    });
  });
}
