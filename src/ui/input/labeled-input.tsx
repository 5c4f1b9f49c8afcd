// A dialog's one-line field: its label in the accent colour, then the text box in the
// room that is left of `width`.
import { Box, Text } from 'ink';
import { useTheme } from '../context.tsx';
import { displayWidth } from '../text.ts';
import { TextInput, type TextInputProps } from './text-input.tsx';

export function LabeledInput({ label, width, ...input }: TextInputProps & { label: string; width: number }) {
  const theme = useTheme();
  return (
    <Box>
      <Text color={theme.accent}>{label}</Text>
      <TextInput {...input} width={width - displayWidth(label)} />
    </Box>
  );
}
