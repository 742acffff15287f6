import { useTranslation } from 'react-i18next';
import { pickLabel } from '../../i18n/index';
import { useEps } from '../../engine/eps';
import { NotAvailable } from './not-available';

/** Stands in for the generic entity screen in a build that lacks it; names the entity. */
export default function EntityPlaceholder({ prefix }: { prefix: string }) {
  const { i18n } = useTranslation('shell');
  const entry = useEps().byPrefix.get(prefix);
  const title = entry?.joinery ? pickLabel(entry.joinery.title, i18n.language) : prefix;
  return (
    <div data-entity={prefix}>
      <NotAvailable title={title} icon="list" />
    </div>
  );
}
