import { useTranslation } from 'react-i18next';
import { NotAvailable } from './not-available';

/** aiCode page (SPEC §2); its logic belongs to a later issue. */
export default function AiCodeScreen() {
  const { t } = useTranslation('shell');
  return <NotAvailable title={t('pages.aiCode')} icon="code" />;
}
