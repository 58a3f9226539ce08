// Runs before `npm start`, `npm test` and `npm run dev`: the project needs Node 22.12 or later.
// `npm install` brings Node 24 from the npm registry (the `node` devDependency) and `npm run`
// puts it first on PATH, so this fails only when that install step did not run.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    [
      `Støð needs Node 22.12 or later; this is Node ${process.versions.node}.`,
      'Run `npm install` again: it installs Node 24 into node_modules, which `npm run` uses.',
      'If your npm blocks install scripts, allow the `node` package (package.json "allowScripts").',
    ].join('\n'),
  );
  process.exit(1);
}
