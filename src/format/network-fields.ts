// Names and units of the /stats/last-90 figures (reference behaviour, "GET /stats/last-90"):
// transfer per day in bytes, its summary in MiB, its rate in Mibit/s (a day's average);
// every summary is the highest of the last 3 days, not a total. A blob in the seed era's
// shape (it has the packet series) gave the transfer rate in packets per second.
import {
  NETWORK_SERIES_FIELDS,
  NETWORK_SUMMARY_FIELDS,
  type NetworkField,
  type NetworkSeriesField,
  type NetworkStats,
  type NetworkSummaryField,
} from '../contract/schemas.ts';
import { formatBytes, formatCount, formatMiB, formatMibitRate, MISSING } from './numbers.ts';

/** The daily series the blob has (all of them before anything is loaded). */
export function presentSeries(data: NetworkStats | undefined): NetworkSeriesField[] {
  const present = NETWORK_SERIES_FIELDS.filter((field) => data?.[field] !== undefined);
  return present.length ? present : [...NETWORK_SERIES_FIELDS];
}

/** The value of a series on its newest day. */
export function lastValue(series: Record<string, number> | undefined): number | undefined {
  let lastDay: string | undefined;
  for (const day of Object.keys(series ?? {})) if (lastDay === undefined || day > lastDay) lastDay = day;
  return lastDay === undefined ? undefined : series?.[lastDay];
}

/** The figures that differ between two loads (a series by its newest day). */
export function changedNetworkFields(
  before: NetworkStats | undefined,
  after: NetworkStats | undefined,
): NetworkField[] {
  if (!before || !after) return [];
  const summaries = NETWORK_SUMMARY_FIELDS.filter((field) => (before[field] ?? 0) !== (after[field] ?? 0));
  const series = NETWORK_SERIES_FIELDS.filter(
    (field) => lastValue(before[field]) !== lastValue(after[field]),
  );
  return [...summaries, ...series];
}

const perSecond = (n: number | undefined) => (n === undefined ? MISSING : `${formatCount(n)} packets/s`);

export interface SummaryField {
  /** Short, for a card. */
  label: string;
  /** What the figure is, for a line of its own. */
  long: string;
  format: (n: number | undefined) => string;
}

const count = (label: string, what: string): SummaryField => ({
  label,
  long: `${what} (most in a day of the last 3)`,
  format: formatCount,
});

const SUMMARY_FIELDS: Record<NetworkSummaryField, SummaryField> = {
  all_transfer_summary: {
    label: 'transfer a day',
    long: 'transfer in a day (busiest of the last 3)',
    format: formatMiB,
  },
  all_transfer_summary_rate: {
    label: 'average rate',
    long: 'average transfer rate of that day',
    format: formatMibitRate,
  },
  all_packets_summary: count('packets a day', 'packets'),
  all_packets_summary_rate: { label: 'packet rate', long: 'packet rate', format: perSecond },
  providers_summary: count('providers', 'providers online'),
  providers_summary_superspeed: count('superspeed providers', 'superspeed providers'),
  countries_summary: count('countries', 'countries with providers'),
  regions_summary: count('regions', 'regions with providers'),
  cities_summary: count('cities', 'cities with providers'),
  extender_transfer_summary: {
    label: 'extender transfer',
    long: 'extender transfer in a day (busiest of the last 3)',
    format: formatMiB,
  },
  extender_transfer_summary_rate: {
    label: 'extender rate',
    long: 'average extender rate of that day',
    format: formatMibitRate,
  },
  extenders_summary: count('extenders', 'extenders'),
  extenders_summary_superspeed: count('superspeed extenders', 'superspeed extenders'),
  networks_summary: count('networks', 'networks'),
  devices_summary: count('devices', 'devices'),
};

/** Whether the blob is in the seed era's shape, where the transfer rate was packets per second. */
export const isSeedShape = (data: NetworkStats | undefined) =>
  data?.all_packets_data !== undefined || data?.all_packets_summary !== undefined;

/** How one summary of this blob reads. */
export function summaryField(field: NetworkSummaryField, data: NetworkStats | undefined): SummaryField {
  if (field === 'all_transfer_summary_rate' && isSeedShape(data))
    return {
      label: 'packet rate',
      long: 'packets per second (busiest day of the last 3)',
      format: perSecond,
    };
  return SUMMARY_FIELDS[field];
}

/** The summaries the blob has: a figure the service no longer sends is not shown as 0. */
export function presentSummaries(data: NetworkStats | undefined): NetworkSummaryField[] {
  return NETWORK_SUMMARY_FIELDS.filter((field) => data?.[field] !== undefined);
}

export interface SeriesField {
  label: string;
  format: (n: number | undefined) => string;
  /** A total per day (rather than a count of the day): today's value is today so far. */
  perDay?: boolean;
}

export const SERIES_FIELDS: Record<NetworkSeriesField, SeriesField> = {
  all_transfer_data: { label: 'transfer per day', format: formatBytes, perDay: true },
  all_packets_data: { label: 'packets per day', format: formatCount, perDay: true },
  providers_data: { label: 'providers online', format: formatCount },
  providers_superspeed_data: { label: 'superspeed providers', format: formatCount },
  countries_data: { label: 'countries with providers', format: formatCount },
  regions_data: { label: 'regions with providers', format: formatCount },
  cities_data: { label: 'cities with providers', format: formatCount },
  extender_transfer_data: { label: 'extender transfer per day', format: formatBytes, perDay: true },
  extenders_data: { label: 'extenders', format: formatCount },
  extenders_superspeed_data: { label: 'superspeed extenders', format: formatCount },
  networks_data: { label: 'active networks', format: formatCount },
  devices_data: { label: 'devices', format: formatCount },
};
