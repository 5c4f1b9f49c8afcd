// Entry point of the `netdeck` binary (placeholder until the CLI lands).
const version = process.env.NETDECK_VERSION ?? '0.0.0-dev';
if (process.argv.includes('--version')) {
  console.log(version);
} else {
  console.error('usage: netdeck [command]');
  process.exitCode = 2;
}
