// A dialog's one-line field: its label in the accent colour, then the text box in the
// room that is left of the dialog box's inner width (DialogFrame gives it).
import { Box, Text } from 'ink';
import { useFrameInnerWidth } from '../components/dialog-frame.tsx';
import { useTheme } from '../context.tsx';
import { displayWidth } from '../text.ts';
import { TextInput, type TextInputProps } from './text-input.tsx';

export type LabeledInputProps = Omit<TextInputProps, 'width'> & { label: string };

export function LabeledInput({ label, ...input }: LabeledInputProps) {
  const theme = useTheme();
  const width = useFrameInnerWidth();
  return (
    <Box>
      <Text color={theme.accent}>{label}</Text>
      <TextInput {...input} width={width - displayWidth(label)} />
    </Box>
  );
}
