import { useState } from 'react';
import useSWR from 'swr';
import { request } from './request';
import { usePermission } from './permission';
import type { DashboardData, Figure, SeriesPoint } from './client.generated';

export const CHART_PATH = '/admin/base/comm/chart';
export const CHART_PERMISSION = 'base:comm:chart';
export const PERIODS = ['today', 'week', 'month', 'year', 'fullYear'] as const;
export type Period = (typeof PERIODS)[number];

/** The figures GET /admin/base/comm/chart returns, as the server declares them (chart-schema.ts). */
export type { DashboardData, Figure, SeriesPoint };

/** The dashboard's figures for the chosen chart period, refreshed every minute; `allowed` is false without base:comm:chart. */
export function useDashboard() {
  const allowed = usePermission(CHART_PERMISSION);
  const [period, setPeriod] = useState<Period>('today');
  const { data, error, isLoading } = useSWR<DashboardData, Error>(
    allowed ? [CHART_PATH, period] : null,
    ([path, p]: [string, Period]) => request<DashboardData>(path, { params: { period: p }, quiet: true }),
    { keepPreviousData: true, refreshInterval: 60_000, revalidateOnFocus: false },
  );
  return { allowed, period, setPeriod, data, error, isLoading };
}
