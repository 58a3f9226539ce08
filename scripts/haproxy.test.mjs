import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// deploy/haproxy.cfg, the balancer of `npm run cluster` and the recipe for production: HAProxy
// itself checks it where it is installed, and its rules are read here everywhere.

const config = fileURLToPath(new URL('../deploy/haproxy.cfg', import.meta.url));
const text = readFileSync(config, 'utf8');
const haproxy = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].find((path) => existsSync(path));

/** The lines of one section (`backend api`), comments left out. */
function section(name) {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trim() === name);
  expect(start, name).toBeGreaterThanOrEqual(0);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => /^\S/.test(line));
  return rest
    .slice(0, end < 0 ? undefined : end)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
}

describe('the HAProxy configuration', () => {
  it.skipIf(!haproxy)('is valid to HAProxy', () => {
    const result = spawnSync(haproxy ?? 'haproxy', ['-c', '-q', '-f', config], {
      env: {
        ...process.env,
        STOD_BIND: '127.0.0.1:3000',
        STOD_API1: '127.0.0.1:3010',
        STOD_API2: '127.0.0.1:3011',
        STOD_ADMIN_SOCKET: '/tmp/stod-haproxy-check.sock',
      },
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('sends traffic only to processes that answer ready, and keeps a polling socket on one', () => {
    for (const backend of ['backend api', 'backend realtime', 'backend devices']) {
      const lines = section(backend);
      expect(lines).toContain('http-check send meth GET uri /api/health/ready');
      expect(
        lines.filter((line) => line.startsWith('server ') && line.includes(' check')),
      ).toHaveLength(2);
    }
    expect(section('backend realtime').some((line) => line.startsWith('cookie '))).toBe(true);
    expect(section('backend api').some((line) => line.startsWith('cookie '))).toBe(false);
    expect(section('backend devices')).toContain('balance leastconn');
    const front = section('frontend stod');
    expect(front).toContain('use_backend realtime if { path_beg /socket.io/ }');
    expect(front).toContain('use_backend devices if { path_beg /ocpp/ } || { path_beg /site/ }');
    // WebSockets (chargers, sites, the app's channel) outlive an HTTP request's timeouts.
    expect(section('defaults')).toContain('timeout tunnel 1h');
    // The runtime API is a local socket, never a TCP port.
    expect(section('global')).toContain('stats socket "${STOD_ADMIN_SOCKET}" mode 600 level admin');
  });
});
