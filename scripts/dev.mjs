// `npm run dev`: the API in watch mode on :3000, and Vite with hot reload for the app on :5173
// and for the staff console on :5174 (/console/).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '--workspace=apps/api'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.PORT ?? '3000' },
  }),
  spawn('npm', ['run', 'dev', '--workspace=apps/web'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace=apps/console'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
