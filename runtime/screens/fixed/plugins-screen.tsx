import { useTranslation } from 'react-i18next';
import { NotAvailable } from './not-available';

/** plugins page (SPEC §2); its logic belongs to a later issue. */
export default function PluginsScreen() {
  const { t } = useTranslation('shell');
  return <NotAvailable title={t('pages.plugins')} icon="plugin" />;
}
