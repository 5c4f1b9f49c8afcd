// `B` in Discover: the y/n question before blocking or unblocking a country, then its
// outcome. Asked both ways: one key changes which consumers every provider of the
// network is offered to, and `B` sits beside `b` (best available).
import { useStore } from 'zustand';
import { screenText } from '../../../sanitize.ts';
import { countryLabel } from '../../../store/blocked.ts';
import { AskedQuestion } from '../../components/question.tsx';
import { useKeyNames, useStores } from '../../context.tsx';

export function BlockQuestion() {
  const { blocked } = useStores();
  const keys = useKeyNames();
  const question = useStore(blocked, (s) => s.question);
  if (!question) return null;
  const country = screenText(countryLabel(question));
  const block = question.action === 'block';
  const via = question.from
    ? `${screenText(question.from.name)} is a ${question.from.kind}: the service matches consumers by country only, so it is its country that is ${block ? 'blocked' : 'unblocked'}.`
    : undefined;
  return (
    <AskedQuestion
      title={block ? 'Block a country' : 'Unblock a country'}
      lines={[
        block
          ? `Stop offering your network's providers to consumers in ${country}?`
          : `Offer your network's providers to consumers in ${country} again?`,
        ...(via ? [via] : []),
        block
          ? `Your own searches and statistics stay as they are; ${keys['discover.block']} again unblocks it.`
          : 'It takes effect when the service next exports its provider pools.',
      ]}
      question={`${block ? 'Block' : 'Unblock'} ${screenText(question.name)}?`}
      asked={question}
      answer={(yes) => blocked.getState().answer(yes)}
      forget={() => blocked.getState().close()}
    />
  );
}
