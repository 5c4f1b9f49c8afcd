// The Account pane's y/n questions, drawn by the frame in the pane's place (its
// definition lists them): about the wallet under the cursor (make it the payout wallet,
// or remove it) or about the API key under the cursor (remove it); then the outcome.
import { useStore } from 'zustand';
import { screenText } from '../../../sanitize.ts';
import { AskedQuestion } from '../../components/question.tsx';
import { useStores } from '../../context.tsx';

/** The y/n question about a wallet, in the words it had when asked (the wallet may be gone since). */
function WalletQuestion() {
  const { account } = useStores();
  const question = useStore(account, (s) => s.question);
  if (!question) return null;
  const described =
    `${screenText(question.blockchain ?? '')} ${screenText(question.address || question.walletId)}`.trim();
  const payout = question.kind === 'payout';
  return (
    <AskedQuestion
      title={payout ? 'Payout wallet' : 'Remove a wallet'}
      lines={
        payout
          ? [
              `Pay what this network's providers earn into ${described}?`,
              `Wallet ${screenText(question.walletId)}`,
            ]
          : [
              `Remove ${described} from the network?`,
              `Wallet ${screenText(question.walletId)}; if it is the payout wallet, none is set then.`,
            ]
      }
      question={payout ? 'Make it the payout wallet?' : 'Remove it?'}
      asked={question}
      answer={(yes) => account.getState().answer(yes)}
      forget={() => account.setState({ question: undefined })}
    />
  );
}

/** The y/n question about the key under the cursor, then its outcome. */
function ApiKeyQuestion() {
  const { apiKeys } = useStores();
  const question = useStore(apiKeys, (s) => s.question);
  if (!question) return null;
  const named = question.name ? `"${screenText(question.name)}"` : 'the key';
  return (
    <AskedQuestion
      title="Remove an API key"
      lines={[
        `Remove the API key ${named} (${screenText(question.id)})?`,
        'Whatever uses it is refused from its next request; a removed key cannot be brought back.',
      ]}
      question="Remove it?"
      asked={question}
      answer={(yes) => apiKeys.getState().answer(yes)}
      forget={() => apiKeys.getState().closeQuestion()}
    />
  );
}

/** The question standing: the wallet's while one is asked, else the API key's. */
export function AccountQuestion() {
  const asking = useStore(useStores().account, (s) => s.question !== undefined);
  return asking ? <WalletQuestion /> : <ApiKeyQuestion />;
}
