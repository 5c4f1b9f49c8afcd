// Names and units of the /stats/last-90 figures (see reference-behaviour.md, Statistics).
import type { NetworkSeriesField, NetworkSummaryField } from '../../../contract/schemas.ts';
import { formatCount, formatGbps, formatGiB, MISSING } from '../../charts/format.ts';

const perSecond = (n: number | undefined) => (n === undefined ? MISSING : `${formatCount(n)} /s`);

export const SUMMARY_FIELDS: Record<
  NetworkSummaryField,
  { label: string; format: (n: number | undefined) => string }
> = {
  all_transfer_summary: { label: 'transfer', format: formatGiB },
  all_transfer_summary_rate: { label: 'transfer rate', format: formatGbps },
  all_packets_summary: { label: 'packets', format: formatCount },
  all_packets_summary_rate: { label: 'packet rate', format: perSecond },
  providers_summary: { label: 'providers', format: formatCount },
  providers_summary_superspeed: { label: 'superspeed providers', format: formatCount },
  countries_summary: { label: 'countries', format: formatCount },
  regions_summary: { label: 'regions', format: formatCount },
  cities_summary: { label: 'cities', format: formatCount },
  extender_transfer_summary: { label: 'extender transfer', format: formatGiB },
  extender_transfer_summary_rate: { label: 'extender rate', format: formatGbps },
  extenders_summary: { label: 'extenders', format: formatCount },
  extenders_summary_superspeed: { label: 'superspeed extenders', format: formatCount },
  networks_summary: { label: 'networks', format: formatCount },
  devices_summary: { label: 'devices', format: formatCount },
};

export interface SeriesField {
  label: string;
  format: (n: number | undefined) => string;
  /** A total per day (rather than a count of the day): today's value is today so far. */
  perDay?: boolean;
}

export const SERIES_FIELDS: Record<NetworkSeriesField, SeriesField> = {
  all_transfer_data: { label: 'transfer per day', format: formatGiB, perDay: true },
  all_packets_data: { label: 'packets per day', format: formatCount, perDay: true },
  providers_data: { label: 'providers online', format: formatCount },
  providers_superspeed_data: { label: 'superspeed providers', format: formatCount },
  countries_data: { label: 'countries with providers', format: formatCount },
  regions_data: { label: 'regions with providers', format: formatCount },
  cities_data: { label: 'cities with providers', format: formatCount },
  extender_transfer_data: { label: 'extender transfer per day', format: formatGiB, perDay: true },
  extenders_data: { label: 'extenders', format: formatCount },
  extenders_superspeed_data: { label: 'superspeed extenders', format: formatCount },
  networks_data: { label: 'active networks', format: formatCount },
  devices_data: { label: 'devices', format: formatCount },
};
