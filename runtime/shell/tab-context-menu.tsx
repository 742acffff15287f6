import { useTranslation } from 'react-i18next';
import { ContextMenu } from './context-menu';

export type TabMenuChoice = 'reload' | 'close' | 'others' | 'right' | 'all';

/**
 * The menu a right-click (or the context-menu key) opens on a tab, at the pointer: reload, close, close others,
 * close to the right, close all (a ContextMenu).
 */
export function TabContextMenu({
  x,
  y,
  canRight,
  canOthers,
  onChoose,
  onClose,
}: {
  x: number;
  y: number;
  canRight: boolean;
  canOthers: boolean;
  onChoose: (choice: TabMenuChoice) => void;
  /** `refocus`: closed from the keyboard or by a choice, so focus goes back to the tab (not after a click elsewhere). */
  onClose: (refocus: boolean) => void;
}) {
  const { t } = useTranslation('shell');
  const item = (key: TabMenuChoice, label: string, more: { disabled?: boolean; danger?: boolean } = {}) => ({
    key,
    label,
    onSelect: () => onChoose(key),
    ...more,
  });
  return (
    <ContextMenu
      x={x}
      y={y}
      label={t('tabs.menu')}
      testId="tab-context-menu"
      onClose={onClose}
      items={[
        item('reload', t('tabs.reload')),
        item('close', t('tabs.close')),
        { ...item('others', t('tabs.closeOthers'), { disabled: !canOthers }), separated: true },
        item('right', t('tabs.closeRight'), { disabled: !canRight }),
        item('all', t('tabs.closeAll'), { danger: true }),
      ]}
    />
  );
}
