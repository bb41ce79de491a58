// Fails fast when an npm script runs on a Node older than React Router 8 needs.
// npm puts node_modules/.bin first on PATH, so the pinned `node` devDependency wins;
// this guard catches installs that skipped its install script.
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 22)) {
  console.error(
    `Nearhand needs Node >= 22.22 (pinned: the "node" devDependency, 24 LTS), but this is Node ${process.versions.node}.\n` +
      `Run "npm install" (or "npm ci") with install scripts enabled so node_modules/.bin/node exists, then run the script through npm.`,
  );
  process.exit(1);
}
