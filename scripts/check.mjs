// `npm run check`: the type check, the lint and the format check side by side (each is one
// process on one core), their output kept apart and shown whole when each ends; fails if any fails.
import { spawn } from 'node:child_process';

const checks = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['format', ['run', 'format:check']],
];

const started = Date.now();
const results = await Promise.all(
  checks.map(
    ([name, args]) =>
      new Promise((resolve) => {
        const child = spawn('npm', ['--silent', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(0);
          console.log(`── ${name}: ${code === 0 ? 'passed' : 'FAILED'} (${seconds} s)`);
          if (output.trim()) console.log(output.trimEnd());
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
