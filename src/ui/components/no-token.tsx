// What to do when an operation needs the network's token and none was given: log in
// here (`L`, an auth code), or the ways to give one; never a stack trace.
import { Box, Text } from 'ink';
import { useStore } from 'zustand';
import { useKeyNames, useStores, useTheme } from '../context.tsx';

const NO_TOKEN_LINES = [
  'Or log in from a shell with  netdeck login  (an auth code, or --email), or give a token:',
  '  --token <jwt>  or  --token-file <path>  on the command line',
  '  NETDECK_TOKEN=<jwt>  or  NETDECK_TOKEN_FILE=<path>  in the environment',
  '  "token" or "token_file" in ~/.config/netdeck/config.json (or $XDG_CONFIG_HOME)',
  'Without an API URL, netdeck runs its simulator, which has a token of its own.',
];

/** `what`: what needs it, as a clause: "Device associations need your network's token". */
export function NoToken({ what, width }: { what: string; width: number }) {
  const theme = useTheme();
  const { login } = useStores();
  const keys = useKeyNames();
  const loggingIn = useStore(login, (s) => s.dialog.phase === 'sending');
  return (
    <Box flexDirection="column" width={width}>
      <Text color={theme.warn} wrap="truncate">{`✗ ${what}, and none was given.`}</Text>
      <Text bold color={theme.accent} wrap="truncate">
        {loggingIn
          ? 'Logging in…'
          : `Press ${keys.login} to log in with an auth code ("Copy an Auth Code" in the web app).`}
      </Text>
      {NO_TOKEN_LINES.map((line) => (
        <Text key={line} wrap="truncate">
          {line}
        </Text>
      ))}
    </Box>
  );
}
