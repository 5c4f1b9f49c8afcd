// How a dialog closes itself (esc, or enter once it is done): the store lets go of what the
// dialog showed (a form, a question, an action), then the dialog goes.
import { useDialogs } from '../input/dispatcher.tsx';

/** A function that closes dialog `id`, after `forget` (the store's side of it, if it has one). */
export function useCloseDialog(id: string, forget?: () => void): () => void {
  const dialogs = useDialogs();
  return () => {
    forget?.();
    dialogs.close(id);
  };
}
