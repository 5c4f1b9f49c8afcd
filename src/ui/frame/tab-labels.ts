// The tab bar's labels, apart from Ink: the first paint (src/cli/console/first-paint.ts) draws
// the same tabs before Ink has loaded.
import { formatCount } from '../../format/numbers.ts';
import { displayWidth } from '../text.ts';

export interface TabLabel {
  text: string;
  active: boolean;
}

/**
 * The tabs' labels in the first form that fits `width`: full titles, then short ones,
 * then the active tab's count only, then digits only (the active tab keeps its short title
 * and count), two apart; one apart as a last resort. A tab is never cut mid-word
 * ("Discover 2…" reads as a count), and a count never stands beside another tab's digit
 * one space apart: "Devices 5 4 Mine" and "Disc 109 2 3 4" read as one number.
 */
export function tabLabels(
  tabs: { digit: string; title: string; shortTitle: string; count?: number; active: boolean }[],
  width: number,
): { labels: TabLabel[]; gap: number } {
  const count = (n?: number) => (n === undefined ? '' : ` ${formatCount(n)}`);
  type Tab = (typeof tabs)[number];
  const short = (t: Tab) => `${t.digit} ${t.shortTitle}${count(t.count)}`;
  const digitOnly = (t: Tab) => (t.active ? short(t) : t.digit);
  const forms: { gap: number; label: (t: Tab) => string }[] = [
    { gap: 2, label: (t) => `${t.digit} ${t.title}${count(t.count)}` },
    { gap: 2, label: short },
    { gap: 2, label: (t) => (t.active ? short(t) : `${t.digit} ${t.shortTitle}`) },
    { gap: 2, label: digitOnly },
    { gap: 1, label: digitOnly },
  ];
  const fit = (form: (typeof forms)[number]) =>
    tabs.reduce((sum, t) => sum + displayWidth(form.label(t)), 0) + form.gap * (tabs.length - 1) <= width;
  const form = forms.find(fit) ?? forms[forms.length - 1];
  return { gap: form.gap, labels: tabs.map((t) => ({ text: form.label(t), active: t.active })) };
}
