import { useState } from 'react';
import useSWR from 'swr';
import { request } from './request';
import { usePermission } from './permission';

export const CHART_PATH = '/admin/base/comm/chart';
export const CHART_PERMISSION = 'base:comm:chart';
export const PERIODS = ['today', 'week', 'month', 'year', 'fullYear'] as const;
export type Period = (typeof PERIODS)[number];

/**
 * A figure of the dashboard: today so far, yesterday (whole and up to this time), the last 7 days and the 7 before (whole and
 * up to this time), and the changes (ratios of like with like; null = nothing to compare with).
 */
export type Figure = {
  total?: number;
  today: number;
  yesterday: number;
  yesterdaySoFar: number;
  week: number;
  lastWeek: number;
  lastWeekSoFar: number;
  dayOnDay: number | null;
  weekOnWeek: number | null;
};
export type SeriesPoint = { label: string; amount: number; orders: number };
export type DashboardData = {
  day: string;
  /** The server's time of day the figures were read at ('HH:mm:ss'). */
  time: string;
  sales: Figure;
  payments: Figure;
  views: Figure;
  visitors: Figure;
  users: Figure;
  conversion: { today: number | null; yesterday: number | null; dayOnDay: number | null };
  categoryShare: { categoryId: number | null; name: string | null; sales: number; share: number }[];
  hotProducts: {
    rank: number;
    id: number;
    name: string;
    pic: string | null;
    price: number;
    sales: number;
    categoryName: string | null;
  }[];
  series: { period: Period; points: SeriesPoint[] };
};

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
