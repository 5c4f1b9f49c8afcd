// `D` in Providers: the y/n question before every used destination is forgotten (marks
// that took a while to make, and later batches may bring those providers again), then
// what was done.
import { useStore } from 'zustand';
import { countOf } from '../../../format/numbers.ts';
import { AskedQuestion } from '../../components/question.tsx';
import { useKeyNames, useStores } from '../../context.tsx';

export function ForgetQuestion() {
  const { providers } = useStores();
  const keys = useKeyNames();
  const question = useStore(providers, (s) => s.forgetQuestion);
  if (!question) return null;
  const what = countOf(question.count, 'used destination');
  return (
    <AskedQuestion
      title="Forget the used destinations"
      lines={[
        `Forget ${what}? Later batches no longer leave them out as destinations.`,
        `${keys['providers.destination']} marks one again; choosing other places in Discover forgets them too.`,
      ]}
      question={`Forget ${question.count === 1 ? 'it' : `these ${question.count}`}?`}
      asked={question}
      answer={(yes) => providers.getState().answerForget(yes)}
      forget={() => providers.getState().closeForget()}
    />
  );
}
