// The y/n question before the network's ranking visibility changes (`v` in Earnings),
// then its outcome; the frame draws it in the pane's place (the pane's definition lists it).
import { useStore } from 'zustand';
import { QUESTION_DIALOG, Question } from '../../components/question.tsx';
import { useKeyNames, useStores } from '../../context.tsx';
import { useDialogs } from '../../input/dispatcher.tsx';

/** Ranks lag a visibility change: the service caches them. */
const RANK_LAG = 'Your rank here may take up to 5 minutes to say so: the service caches ranks that long.';

export function VisibilityQuestion() {
  const { earnings } = useStores();
  const dialogs = useDialogs();
  const keys = useKeyNames();
  const question = useStore(earnings, (s) => s.visibility);
  if (!question) return null;
  const close = () => {
    earnings.getState().closeVisibility();
    dialogs.close(QUESTION_DIALOG);
  };
  return (
    <Question
      title="Leaderboard visibility"
      phase={question.phase}
      lines={
        question.makePublic
          ? [
              `Show this network's name on the leaderboard (${keys['earnings.leaderboard']})? Its place there is the same either way.`,
              RANK_LAG,
            ]
          : [
              "Hide this network's name on the leaderboard? It keeps its place there, as a private network.",
              RANK_LAG,
            ]
      }
      question={question.makePublic ? 'Make it public?' : 'Make it private?'}
      message={question.message}
      onAnswer={(yes) => void earnings.getState().answerVisibility(yes)}
      onClose={close}
    />
  );
}
