import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { entityApi } from '../../engine/entity-api';
import { reorder, type Zone } from '../../engine/tree-move';
import { toast } from '../../shell/toast';
import type { RelationOption } from '../../widgets/relation-options';

type Key = number | string;

/** Where over a record a drag is: its top third (before it), its bottom third (after it), else inside it. */
function zoneOf(e: DragEvent<HTMLElement>): Zone {
  const box = e.currentTarget.getBoundingClientRect();
  const y = (e.clientY - box.top) / Math.max(box.height, 1);
  return y < 0.3 ? 'before' : y > 0.7 ? 'after' : 'inside';
}

/**
 * Records of a tree master (departments) dragged to a new place: before or after another, or inside it. The drop
 * sends the entity's `order` call and reads the records again. `handlers` go on each record's button (none when the
 * tree cannot be ordered); `look` is the classes that show the record dragged and the place it would go.
 */
export function useTreeDrag(options: RelationOption[], entity: string | undefined, canOrder: boolean) {
  const { t } = useTranslation('entity');
  const { mutate } = useSWRConfig();
  const [dragging, setDragging] = useState<Key | null>(null);
  const [over, setOver] = useState<{ value: Key; zone: Zone } | null>(null);

  const drop = async (target: Key, zone: Zone) => {
    const moved = dragging;
    setDragging(null);
    setOver(null);
    if (moved === null || !entity) return;
    const body = reorder(options, moved, target, zone);
    if (!body) return;
    try {
      await entityApi(entity).post('order', body, { quiet: true });
      await mutate((key) => Array.isArray(key) && key[0] === 'relation-options' && key[1] === entity);
      toast.success(t('master.moved'));
    } catch (e) {
      toast.failure(e);
    }
  };

  const handlers = (value: Key) =>
    canOrder
      ? {
          draggable: true,
          onDragStart: (e: DragEvent<HTMLElement>) => {
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', String(value));
            setDragging(value);
          },
          onDragEnd: () => {
            setDragging(null);
            setOver(null);
          },
          onDragOver: (e: DragEvent<HTMLElement>) => {
            if (dragging === null) return;
            e.preventDefault();
            const zone = zoneOf(e);
            if (over?.value !== value || over.zone !== zone) setOver({ value, zone });
          },
          onDrop: (e: DragEvent<HTMLElement>) => {
            e.preventDefault();
            void drop(value, zoneOf(e));
          },
        }
      : { draggable: false };

  const look = (value: Key) => {
    const place =
      over?.value !== value
        ? ''
        : over.zone === 'inside'
          ? 'ring-2 ring-primary-4'
          : over.zone === 'before'
            ? 'shadow-[inset_0_2px_0_var(--color-primary)]'
            : 'shadow-[inset_0_-2px_0_var(--color-primary)]';
    return `${place} ${dragging === value ? 'opacity-40' : ''}`;
  };

  return { handlers, look };
}
