// The tab bar's labels, apart from Ink: the first paint (src/cli/console/first-paint.ts) draws
// the same tabs before Ink has loaded.
import { formatCount } from '../../format/numbers.ts';
import { displayWidth } from '../text.ts';

export interface TabLabel {
  text: string;
  active: boolean;
}

/**
 * The tabs' labels in the first form that fits `width`: full titles, then short
 * ones, two apart, then one apart, then digits only (the active tab keeps its short title). A tab
 * is never cut mid-word ("Discover 2…" reads as a count), and two spaces keep a count
 * apart from the next tab's digit while there is room.
 */
export function tabLabels(
  tabs: { digit: string; title: string; shortTitle: string; count?: number; active: boolean }[],
  width: number,
): { labels: TabLabel[]; gap: number } {
  const count = (n?: number) => (n === undefined ? '' : ` ${formatCount(n)}`);
  const forms: { gap: number; label: (t: (typeof tabs)[number]) => string }[] = [
    { gap: 2, label: (t) => `${t.digit} ${t.title}${count(t.count)}` },
    { gap: 2, label: (t) => `${t.digit} ${t.shortTitle}${count(t.count)}` },
    { gap: 1, label: (t) => `${t.digit} ${t.shortTitle}${count(t.count)}` },
    { gap: 1, label: (t) => (t.active ? `${t.digit} ${t.shortTitle}${count(t.count)}` : t.digit) },
  ];
  const fit = (form: (typeof forms)[number]) =>
    tabs.reduce((sum, t) => sum + displayWidth(form.label(t)), 0) + form.gap * (tabs.length - 1) <= width;
  const form = forms.find(fit) ?? forms[forms.length - 1];
  return { gap: form.gap, labels: tabs.map((t) => ({ text: form.label(t), active: t.active })) };
}
