// What to do when an operation needs the network's token and none was given: the ways
// to give one, never a stack trace.
import { Box, Text } from 'ink';
import { useTheme } from '../context.tsx';

export const NO_TOKEN_LINES = [
  'Give the JWT of your network in one of these ways:',
  '  --token <jwt>  or  --token-file <path>  on the command line',
  '  NETDECK_TOKEN=<jwt>  or  NETDECK_TOKEN_FILE=<path>  in the environment',
  '  "token" or "token_file" in ~/.config/netdeck/config.json (or $XDG_CONFIG_HOME)',
  'Without an API URL, netdeck runs its simulator, which has a token of its own.',
];

/** `what`: what needs it, as a clause: "Device associations need your network's token". */
export function NoToken({ what, width }: { what: string; width: number }) {
  const theme = useTheme();
  return (
    <Box flexDirection="column" width={width}>
      <Text color={theme.warn} wrap="truncate">{`✗ ${what}, and none was given.`}</Text>
      {NO_TOKEN_LINES.map((line) => (
        <Text key={line} wrap="truncate">
          {line}
        </Text>
      ))}
    </Box>
  );
}
