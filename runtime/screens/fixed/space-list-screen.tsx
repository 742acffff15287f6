import { useTranslation } from 'react-i18next';
import { NotAvailable } from './not-available';

/** spaceList page (SPEC §2); its logic belongs to a later issue. */
export default function SpaceListScreen() {
  const { t } = useTranslation('shell');
  return <NotAvailable title={t('pages.spaceList')} icon="folder" />;
}
