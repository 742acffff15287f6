import { KeepDays } from './keep-days';
import type { ToolbarExtraProps } from './toolbar-extras';

/** The change history's own control: how many days it is kept (applied by the daily task base.clearHistory). */
export default function HistoryKeep({ prefix }: ToolbarExtraProps) {
  return <KeepDays prefix={prefix} keys="historyKeep" testId="history-keep" />;
}
