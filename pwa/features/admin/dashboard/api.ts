import { useQuery } from '@tanstack/react-query';
import type { Diagnostics } from '../../../../api/contract/admin-content';
import type { AdminDashboard } from '../../../../api/contract/admin-dashboard';
import { adminRawQueryOptions } from '../api/admin-query';

export const DASHBOARD_URL = '/api/admin/dashboard';
export const DIAGNOSTICS_URL = '/api/admin/diagnostics';

/** How often the system status asks again, ms (spec 001 §9: diagnostics refresh every 30 s). */
export const SYSTEM_STATUS_REFRESH_MS = 30_000;

/**
 * GET /api/admin/dashboard: counts (wines, users, pending reviews, expert reviews), wines per approval status,
 * the average rating (1–5 or null), the category distribution and the 10 newest admin actions. Every admin
 * write refetches it (useAdminMutation invalidates this key).
 */
export function useDashboard() {
  return useQuery(adminRawQueryOptions<AdminDashboard>(DASHBOARD_URL));
}

/**
 * GET /api/admin/diagnostics, asked again every 30 s while shown: the real state behind 'Systemstatus'
 * (database reachable and its latency in ms, job queue ready, package version, uptime in seconds).
 */
export function useSystemStatus() {
  return useQuery({ ...adminRawQueryOptions<Diagnostics>(DIAGNOSTICS_URL), refetchInterval: SYSTEM_STATUS_REFRESH_MS });
}
