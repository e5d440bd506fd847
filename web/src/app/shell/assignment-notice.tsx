import { useCallback } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { LiveEvent } from '@console/contract/http/live';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import { href } from '@console/contract/screens/screen';
import { workOrderScreens } from '@console/contract/screens/work-orders';
import { invalidateEndpoints, readsOf } from '../../lib/endpoint-query.ts';
import { useLiveEvent } from '../../lib/live-events.ts';

/**
 * Tells a technician of a work order assigned to them the moment it is (the server sends the event to them only):
 * a notice with a link to the order, which stays until closed, and their work order lists refresh.
 */
export function AssignmentNotice() {
  const { t } = useTranslation('shell');
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const onEvent = useCallback(
    (event: LiveEvent) => {
      if (event.type !== 'workOrder') return;
      void invalidateEndpoints(queryClient, readsOf(workOrderEndpoints));
      notification.info({
        key: `work-order-${event.id}`,
        title: t('assignment.title'),
        description: (
          // The notice renders outside the router: the link navigates through this component, which is inside.
          <a
            href={href(workOrderScreens.detail, { id: event.id })}
            onClick={(e) => {
              e.preventDefault();
              notification.destroy(`work-order-${event.id}`);
              void navigate(href(workOrderScreens.detail, { id: event.id }));
            }}
          >
            {t('assignment.text', { number: event.number, title: event.title })}
          </a>
        ),
        duration: 0,
        placement: 'topRight',
      });
    },
    [notification, queryClient, t, navigate],
  );
  useLiveEvent(onEvent);
  return null;
}
