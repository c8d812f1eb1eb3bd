// Placeholder until this screen lands (replaced in this session).
export function DashboardTab() {
  return null;
}
